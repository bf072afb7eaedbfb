// The self-contained file's entry (src/cdn.ts) defines the heavy elements on demand (issue 24): their code
// loads the first time one is in the document, or with loadElement().
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { loadElement } from '../../src/cdn.js';
import { setupInbox } from '../helpers/inbox-setup.js';

describe('the self-contained entry defines elements on demand', () => {
  it('defines the bell and the provider at once, not the inbox', () => {
    expect(customElements.get('notif-bell')).to.not.equal(undefined);
    expect(customElements.get('notif-provider')).to.not.equal(undefined);
    expect(customElements.get('notif-inbox')).to.equal(undefined);
  });

  it('a <notif-inbox> put in the page is defined and shows its messages', async () => {
    const { store } = setupInbox();
    const inbox = await fixture(html`<notif-inbox .store=${store}></notif-inbox>`);
    await customElements.whenDefined('notif-inbox');
    await waitUntil(
      () => inbox.shadowRoot?.querySelectorAll('article[data-key]').length,
      'the inbox shows its messages',
    );
    await expect(inbox).to.be.accessible();
  });

  it('loadElement() loads an element that is not in the page and resolves its class', async () => {
    expect(customElements.get('notif-preferences')).to.equal(undefined);
    const NotifPreferences = await loadElement('notif-preferences');
    expect(customElements.get('notif-preferences')).to.equal(NotifPreferences);
  });
});
