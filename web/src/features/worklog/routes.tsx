import type { RouteObject } from 'react-router-dom';
import { AddEntry } from './components/add-entry';
import { EntryList } from './components/entry-list';
import { WorklogLogin } from './components/worklog-login';
import { WorklogShell } from './components/worklog-shell';
import '@/components/staff-shell.css';
import './worklog.css';

/** Work-log routes (docs/product.md#worklog). */
export const worklogRoutes: RouteObject[] = [
  { path: '/webdata/login', element: <WorklogLogin /> },
  {
    path: '/webdata',
    element: <WorklogShell />,
    children: [
      { index: true, element: <EntryList /> },
      { path: 'addentris', element: <AddEntry /> },
      { path: ':filterType', element: <EntryList /> },
    ],
  },
];
