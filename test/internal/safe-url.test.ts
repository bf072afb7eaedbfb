import { expect } from '@open-wc/testing';
import { safeImageUrl, safeUrl } from '../../src/internal/safe-url.js';
import { XSS_URLS } from '../helpers/xss-corpus.js';

const BASE = 'https://app.example.com/inbox/index.html';

describe('safeUrl', () => {
  describe('keeps http(s) and relative URLs', () => {
    const cases: [string, string][] = [
      ['https://example.com/a?b=1&c=2#d', 'https://example.com/a?b=1&c=2#d'],
      ['http://example.com', 'http://example.com/'],
      ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
      ['/settings/notifications', 'https://app.example.com/settings/notifications'],
      ['details/42', 'https://app.example.com/inbox/details/42'],
      ['../billing', 'https://app.example.com/billing'],
      ['?tab=unread', 'https://app.example.com/inbox/index.html?tab=unread'],
      ['#message-3', 'https://app.example.com/inbox/index.html#message-3'],
      ['//cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
      ['  https://example.com/padded  ', 'https://example.com/padded'],
      [
        'https://example.com/search?q=javascript:alert(1)',
        'https://example.com/search?q=javascript:alert(1)',
      ],
      [
        'https://example.com/?next=https%3A%2F%2Fexample.org',
        'https://example.com/?next=https%3A%2F%2Fexample.org',
      ],
      ['https://example.com/caf\u00e9', 'https://example.com/caf%C3%A9'],
    ];
    for (const [input, expected] of cases) {
      it(`${JSON.stringify(input)} gives ${expected}`, () => {
        expect(safeUrl(input, BASE)).to.equal(expected);
      });
    }
  });

  describe('drops every URL of the XSS corpus', () => {
    for (const payload of XSS_URLS) {
      it(JSON.stringify(payload), () => {
        expect(safeUrl(payload, BASE)).to.equal(undefined);
        expect(safeImageUrl(payload, BASE)).to.equal(undefined);
      });
    }
  });

  it('drops values that are not strings', () => {
    for (const value of [undefined, null, 42, true, {}, ['https://example.com'], { href: 'https://x.com' }]) {
      expect(safeUrl(value, BASE), String(value)).to.equal(undefined);
    }
  });

  it('accepts a URL object when it is http(s)', () => {
    expect(safeUrl(new URL('https://example.com/x'))).to.equal('https://example.com/x');
    expect(safeUrl(new URL('javascript:alert(1)'))).to.equal(undefined);
  });

  it('resolves relative URLs against the page by default', () => {
    expect(safeUrl('/path')).to.equal(new URL('/path', document.baseURI).href);
  });

  it('drops relative URLs when the base itself is not http(s)', () => {
    expect(safeUrl('/path', 'file:///home/user/index.html')).to.equal(undefined);
    expect(safeUrl('/path', 'not a base')).to.equal(undefined);
  });

  it('never returns a string that an anchor would run as script', () => {
    for (const payload of XSS_URLS) {
      const anchor = document.createElement('a');
      anchor.href = safeUrl(payload, BASE) ?? '';
      expect(['http:', 'https:', ':'], JSON.stringify(payload)).to.include(anchor.protocol);
    }
  });
});

describe('safeImageUrl', () => {
  it('keeps http(s) and relative image URLs', () => {
    expect(safeImageUrl('https://cdn.example.com/avatar.png', BASE)).to.equal(
      'https://cdn.example.com/avatar.png',
    );
    expect(safeImageUrl('/avatars/7.png', BASE)).to.equal('https://app.example.com/avatars/7.png');
  });

  it('drops data and blob images', () => {
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=', BASE)).to.equal(undefined);
    expect(safeImageUrl('blob:https://app.example.com/5a1c', BASE)).to.equal(undefined);
  });
});
