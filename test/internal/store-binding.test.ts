import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { atom, type WritableAtom } from 'nanostores';
import { StoreBinding } from '../../src/internal/store-binding.js';

// The one binding controller of every element (bell, inbox, toast, preferences): it resolves the active
// store, follows its atoms, and holds its listeners only while the element is connected.

interface FakeStore {
  name: string;
  $value: WritableAtom<number>;
  listeners: Set<() => void>;
}

function fakeStore(name: string, value = 0): FakeStore {
  return { name, $value: atom(value), listeners: new Set() };
}

class FakeBinding extends StoreBinding<FakeStore> {
  readonly value = this.atom((store) => store.$value);
  constructor(host: LitElement, resolve: () => FakeStore | undefined) {
    super(host, resolve);
    host.addController(this);
  }
  protected listen(store: FakeStore): () => void {
    const listener = () => {};
    store.listeners.add(listener);
    return () => store.listeners.delete(listener);
  }
}

class StoreBindingTestElement extends LitElement {
  static override properties = { store: { attribute: false } };
  declare store: FakeStore | undefined;
  /** What the element's connection would give (the fallback). */
  fallback: FakeStore | undefined;
  replaced: (FakeStore | undefined)[] = [];
  readonly binding = new FakeBinding(this, () => this.store ?? this.fallback);

  protected override willUpdate(): void {
    const previous = this.binding.bind();
    if (previous) this.replaced.push(previous);
  }

  override render() {
    return html`<output>${this.binding.bound?.name ?? 'none'}:${this.binding.value.value ?? '-'}</output>`;
  }
}
customElements.define('notif-test-store-binding', StoreBindingTestElement);

const shown = (el: StoreBindingTestElement) => el.shadowRoot!.querySelector('output')!.textContent;

describe('StoreBinding', () => {
  it('takes .store first, else the fallback, resolved afresh', async () => {
    const el = await fixture<StoreBindingTestElement>(
      html`<notif-test-store-binding></notif-test-store-binding>`,
    );
    expect(shown(el)).to.equal('none:-');
    const fallback = fakeStore('connection', 3);
    el.fallback = fallback;
    expect(el.binding.active).to.equal(fallback);
    el.requestUpdate();
    await el.updateComplete;
    expect(shown(el)).to.equal('connection:3');
    const own = fakeStore('own', 5);
    el.store = own;
    // Before the update: `active` already names the store that will be bound.
    expect(el.binding.active).to.equal(own);
    expect(el.binding.bound).to.equal(fallback);
    await el.updateComplete;
    expect(shown(el)).to.equal('own:5');
    own.$value.set(6);
    await el.updateComplete;
    expect(shown(el)).to.equal('own:6');
  });

  it('moves the atoms and the listeners together, and says which store it replaced', async () => {
    const a = fakeStore('a', 1);
    const b = fakeStore('b', 2);
    const el = await fixture<StoreBindingTestElement>(
      html`<notif-test-store-binding .store=${a}></notif-test-store-binding>`,
    );
    expect(a.listeners.size).to.equal(1);
    expect(el.replaced).to.deep.equal([]);
    el.store = b;
    await el.updateComplete;
    expect(a.listeners.size).to.equal(0);
    expect(a.$value.lc).to.equal(0);
    expect(b.listeners.size).to.equal(1);
    expect(el.replaced).to.deep.equal([a]);
    a.$value.set(10);
    await el.updateComplete;
    expect(shown(el)).to.equal('b:2');
  });

  it('listens only while the element is connected, and again when it returns', async () => {
    const a = fakeStore('a');
    const el = await fixture<StoreBindingTestElement>(
      html`<notif-test-store-binding .store=${a}></notif-test-store-binding>`,
    );
    const parent = el.parentElement!;
    el.remove();
    expect(a.listeners.size).to.equal(0);
    expect(a.$value.lc).to.equal(0);
    // A store set while away is not listened to until the element returns.
    const b = fakeStore('b', 4);
    el.store = b;
    await el.updateComplete;
    expect(b.listeners.size).to.equal(0);
    parent.append(el);
    await el.updateComplete;
    expect(b.listeners.size).to.equal(1);
    expect(shown(el)).to.equal('b:4');
    await expect(el).to.be.accessible();
  });
});
