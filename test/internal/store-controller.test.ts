import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { StoreController } from '../../src/internal/store-controller.js';

class StoreControllerTestElement extends LitElement {
  readonly counter = new StoreController<number>(this);
  renders = 0;

  override render() {
    this.renders++;
    return html`<output>${this.counter.value ?? 'none'}</output>`;
  }
}
customElements.define('notif-test-store-controller', StoreControllerTestElement);

/** An atom that counts how many times it is mounted (has listeners) and unmounted. */
function trackedAtom(initial: number) {
  const store = atom(initial);
  const life = { mounted: 0, unmounted: 0 };
  onMount(store, () => {
    life.mounted++;
    return () => void life.unmounted++;
  });
  return { store, life };
}

async function makeElement(store?: ReadableAtom<number>) {
  const el = await fixture<StoreControllerTestElement>(
    html`<notif-test-store-controller></notif-test-store-controller>`,
  );
  if (store) {
    el.counter.store = store;
    await el.updateComplete;
  }
  return el;
}

const shown = (el: StoreControllerTestElement) => el.shadowRoot!.querySelector('output')!.textContent;

describe('StoreController', () => {
  it('renders the store value and re-renders on each change', async () => {
    const store = atom(1);
    const el = await makeElement(store);
    expect(shown(el)).to.equal('1');
    store.set(2);
    await el.updateComplete;
    expect(shown(el)).to.equal('2');
    expect(el.counter.value).to.equal(2);
  });

  it('has no value and renders without a store', async () => {
    const el = await makeElement();
    expect(el.counter.value).to.equal(undefined);
    expect(el.counter.listening).to.equal(false);
    expect(shown(el)).to.equal('none');
  });

  it('takes its store in the constructor as well', async () => {
    const store = atom(7);
    class WithStore extends LitElement {
      readonly counter = new StoreController(this, store);
      override render() {
        return html`<output>${this.counter.value}</output>`;
      }
    }
    customElements.define('notif-test-store-controller-ctor', WithStore);
    const el = await fixture<WithStore>(
      html`<notif-test-store-controller-ctor></notif-test-store-controller-ctor>`,
    );
    expect(el.shadowRoot!.querySelector('output')!.textContent).to.equal('7');
    store.set(8);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('output')!.textContent).to.equal('8');
  });

  it('listens only while the element is connected, so the store works only while shown', async () => {
    const { store, life } = trackedAtom(1);
    const el = await makeElement(store);
    expect(life.mounted).to.equal(1);
    expect(store.lc).to.equal(1);

    el.remove();
    expect(store.lc).to.equal(0);
    expect(el.counter.listening).to.equal(false);

    const rendersWhileAway = el.renders;
    store.set(5);
    await el.updateComplete;
    expect(el.renders).to.equal(rendersWhileAway);

    document.body.append(el);
    await el.updateComplete;
    expect(store.lc).to.equal(1);
    expect(shown(el)).to.equal('5');
    el.remove();
  });

  it('follows a swapped store and leaves the old one', async () => {
    const first = atom(1);
    const second = atom(20);
    const el = await makeElement(first);
    el.counter.store = second;
    await el.updateComplete;
    expect(shown(el)).to.equal('20');
    expect(first.lc).to.equal(0);
    expect(second.lc).to.equal(1);

    const renders = el.renders;
    first.set(3);
    await el.updateComplete;
    expect(el.renders).to.equal(renders);
    expect(shown(el)).to.equal('20');

    second.set(21);
    await el.updateComplete;
    expect(shown(el)).to.equal('21');
  });

  it('does not listen to a store set while the element is away, until it returns', async () => {
    const el = await makeElement(atom(1));
    el.remove();
    const next = atom(9);
    el.counter.store = next;
    expect(next.lc).to.equal(0);
    document.body.append(el);
    await el.updateComplete;
    expect(next.lc).to.equal(1);
    expect(shown(el)).to.equal('9');
    el.remove();
  });

  it('stops listening when the store is removed', async () => {
    const store = atom(1);
    const el = await makeElement(store);
    el.counter.store = undefined;
    await el.updateComplete;
    expect(store.lc).to.equal(0);
    expect(shown(el)).to.equal('none');
  });

  it('keeps two elements on one store independent', async () => {
    const store = atom(1);
    const a = await makeElement(store);
    const b = await makeElement(store);
    expect(store.lc).to.equal(2);
    a.remove();
    expect(store.lc).to.equal(1);
    store.set(4);
    await b.updateComplete;
    expect(shown(b)).to.equal('4');
  });
});
