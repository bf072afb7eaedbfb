// notif-elements/react from the BUILT library (dist/react.js) in Node, as a Next.js server renders it: every
// element has its component, and a component renders its element's tag. (Props and events on the client:
// test/react/react-toast.types.ts checks their types.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
// The DOM shim of Lit's server rendering (what a server that renders Lit has): the elements need `HTMLElement`.
import '@lit-labs/ssr';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

test('NotifToast is exported beside the other components and renders <notif-toast>', async () => {
  const react = await import('../../dist/react.js');
  for (const name of ['NotifProvider', 'NotifBell', 'NotifInbox', 'NotifPreferences', 'NotifToast']) {
    assert.equal(react[name]?.displayName, name, `${name} is exported`);
  }
  const markup = renderToString(
    createElement(react.NotifToast, { position: 'bottom-start', duration: 3000 }),
  );
  assert.match(markup, /^<notif-toast[\s>]/);
});
