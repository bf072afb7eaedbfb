/**
 * The demo page's own controls: send a notification, switch theme and language; with `page.ts`, the list of
 * changes that reached the service and the toast that says where a message or button would lead instead of
 * leaving the page. Not part of the package.
 */
import { showRequests, showWouldNavigate } from './page.js';

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
    const locale = (event.target as HTMLSelectElement).value;
    root.documentElement.lang = locale;
    root.documentElement.dir = ['ar', 'he'].includes(locale) ? 'rtl' : 'ltr';
    provider.setAttribute('locale', locale);
  });
}
