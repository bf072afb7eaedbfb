/// <reference types="vite/client" />
import { setCustomElementsManifest, type Preview } from '@storybook/web-components-vite';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
// The elements load the table of the locale a story's `locale` names (every shipped locale) themselves.

interface Manifest {
  modules?: { declarations?: { members?: { privacy?: string; static?: boolean }[] }[] }[];
}

/** The manifest without private, protected and static members, which are no part of an element's API. */
function publicApi(manifest: Manifest): Manifest {
  return {
    ...manifest,
    modules: manifest.modules?.map((module) => ({
      ...module,
      declarations: module.declarations?.map((declaration) => ({
        ...declaration,
        members: declaration.members?.filter(
          (member) => !member.static && member.privacy !== 'private' && member.privacy !== 'protected',
        ),
      })),
    })),
  };
}

// The API tables of the docs pages come from the custom-elements manifest (`npm run analyze`). The glob
// finds nothing when it has not been generated yet, and the docs then show the stories without the tables.
const manifests = import.meta.glob<{ default: Manifest }>('../custom-elements.json', { eager: true });
const manifest = Object.values(manifests)[0]?.default;
if (manifest) setCustomElementsManifest(publicApi(manifest));

type ArgTypesEnhancer = NonNullable<Preview['argTypesEnhancers']>[number];

/**
 * The manifest lists every property, attribute, slot, part and event of an element, and Storybook would give
 * each property a control. The stories build their stores themselves and read only a few args: those named in
 * `parameters.liveControls` keep their control, the others stay in the API table without one.
 */
const onlyLiveControls: ArgTypesEnhancer = (context) => {
  const live = context.parameters.liveControls as readonly string[] | undefined;
  if (!live) return context.argTypes;
  return Object.fromEntries(
    Object.entries(context.argTypes).map(([name, argType]) => [
      name,
      live.includes(name) ? argType : { ...argType, control: false as const },
    ]),
  );
};

const preview: Preview = {
  argTypesEnhancers: [onlyLiveControls],
  parameters: {
    controls: { expanded: true },
    a11y: { test: 'error' },
    backgrounds: {
      options: {
        light: { name: 'Light', value: '#ffffff' },
        dark: { name: 'Dark', value: '#111317' },
      },
    },
    viewport: {
      options: {
        phone: { name: 'Phone (360 px)', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        ...MINIMAL_VIEWPORTS,
      },
    },
  },
};

export default preview;
