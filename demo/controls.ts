/**
 * The demo page's own controls: send a notification, theme, language, the Brand and Custom rows switches, and
 * the states (empty, error, slow network, reset); with `page.ts`, the list of changes that reached the
 * service and the toast that says where a message or button would lead instead of leaving the page. Not part
 * of the package.
 */
import { useCustomRows } from './custom-rows.js';
import { showRequests, showWouldNavigate } from './page.js';

/** The states of `POST /__demo/state/<state>` (see `dev-server.ts`), as the status line tells them. */
const STATE_TEXT: Record<string, string> = {
  normal: 'Priya’s inbox, as normal.',
  empty: 'Signed in as Noor, who has no notifications yet.',
  error: 'The service answers 503 to every list request.',
  loading: 'Every answer takes 12 seconds.',
};

interface DemoStateAnswer {
  state: string;
  subscriberId: string;
  /** Messages arrive on their own. */
  live: boolean;
}

/** The people the demo signs in as, by subscriber id (the mock's fixture subscribers). */
const PEOPLE: Record<string, { name: string; initials: string }> = {
  usr_priya_raman: { name: 'Priya Raman', initials: 'PR' },
  usr_empty: { name: 'Noor Haddad', initials: 'NH' },
};

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** A switch (`<button role="switch">`): flips `aria-checked` on click and calls `onChange` with the new value. */
function wireSwitch(button: HTMLButtonElement | null, onChange: (on: boolean) => void): void {
  button?.addEventListener('click', () => {
    const on = button.getAttribute('aria-checked') !== 'true';
    button.setAttribute('aria-checked', String(on));
    onChange(on);
  });
}

export function wireDemoControls(root: Document = document): void {
  const requests = root.querySelector<HTMLElement>('#requests');
  if (requests) showRequests(requests);
  const toast = root.querySelector<HTMLElement>('#toast');
  if (toast) showWouldNavigate(root, toast);
  const provider = root.querySelector('notif-provider')!;
  const elements = () => root.querySelectorAll('notif-bell, notif-inbox, notif-preferences');

  root
    .querySelector('#notify')
    ?.addEventListener('click', () => void fetch('/__demo/notify', { method: 'POST' }));

  root.querySelector<HTMLSelectElement>('#theme')?.addEventListener('change', (event) => {
    const theme = (event.target as HTMLSelectElement).value;
    elements().forEach((el) => (theme ? el.setAttribute('theme', theme) : el.removeAttribute('theme')));
    root.documentElement.style.colorScheme = theme || 'light dark';
  });

  root.querySelector<HTMLSelectElement>('#locale')?.addEventListener('change', (event) => {
    // The elements load the locale's table themselves (English until it arrives); the page follows suit.
    const select = event.target as HTMLSelectElement;
    const locale = select.value;
    root.documentElement.lang = locale;
    // Each option carries its locale's direction (`dir="rtl"`), checked against `src/locales/` by the locale test.
    root.documentElement.dir = select.selectedOptions[0]?.dir || 'ltr';
    provider.setAttribute('locale', locale);
  });

  // Brand: a class on the root; demo.css restyles the elements with tokens and parts only.
  wireSwitch(root.querySelector<HTMLButtonElement>('#brand'), (on) =>
    root.documentElement.classList.toggle('brand-fjordline', on),
  );

  const customRows = root.querySelector<HTMLButtonElement>('#custom-rows');
  wireSwitch(customRows, (on) => useCustomRows(root, on));

  const live = root.querySelector<HTMLButtonElement>('#live');
  wireSwitch(live, (on) => void fetch(`/__demo/arrivals/${on ? 'on' : 'off'}`, { method: 'POST' }));

  const stateButtons = [...root.querySelectorAll<HTMLButtonElement>('[data-state]')];
  const status = root.querySelector('#state-status');
  /** Shows `state`: connects the elements to `subscriberId` afresh, and says which state is on. */
  const show = async ({ state, subscriberId, live: on }: DemoStateAnswer, reconnect: boolean) => {
    live?.setAttribute('aria-checked', String(on));
    if (!provider.hasAttribute('subscriber-id')) {
      provider.setAttribute('subscriber-id', subscriberId);
    } else if (reconnect || provider.getAttribute('subscriber-id') !== subscriberId) {
      // Let go of the connection (its stores are dropped a task later), then connect again: the elements
      // load from the new state, as after signing in.
      provider.removeAttribute('subscriber-id');
      await (provider as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
      await nextTask();
      await nextTask();
      provider.setAttribute('subscriber-id', subscriberId);
    }
    const person = PEOPLE[subscriberId];
    if (person) {
      root
        .querySelectorAll('.subscriber-name')
        .forEach((name) => (name.textContent = person.name.split(' ')[0]!));
      const me = root.querySelector('.me');
      me?.setAttribute('aria-label', `Signed in as ${person.name}`);
      if (me) me.textContent = person.initials;
    }
    for (const button of stateButtons) {
      if (button.hasAttribute('aria-pressed')) {
        button.setAttribute('aria-pressed', String(button.dataset.state === state));
      }
    }
    if (status) status.textContent = STATE_TEXT[state] ?? '';
  };
  // Not `disabled` while a state loads: that would drop the keyboard focus.
  let busy = false;
  for (const button of stateButtons) {
    button.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      try {
        const response = await fetch(`/__demo/state/${button.dataset.state!}`, { method: 'POST' });
        await show((await response.json()) as DemoStateAnswer, true);
      } finally {
        busy = false;
      }
    });
  }
  // The signed-in subscriber is the demo session's (another tab may have left the demo in another state).
  void fetch('/__demo/state')
    .then((response) => response.json() as Promise<DemoStateAnswer>)
    .then((answer) => show(answer, false));
}
