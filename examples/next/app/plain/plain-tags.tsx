'use client';
import { useState } from 'react';
import 'notif-elements';

const headers = { 'x-app': 'next-example' };

export function PlainTags() {
  const [open, setOpen] = useState(false);

  return (
    <notif-provider base-url="/api/notifications" subscriber-id="usr_priya_raman" headers={headers}>
      <header className="app-header">
        <h1>Plain tags (lose their properties and events on hydration)</h1>
        <notif-bell theme="light" onnotif-open-change={(event) => setOpen(event.detail.open)} />
      </header>
      <p id="last-event">{open ? 'Panel open' : 'Panel closed'}</p>
    </notif-provider>
  );
}
