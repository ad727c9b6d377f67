import type { Messages } from '../types';
import type zh from '../zh/home';

const home: Messages<typeof zh> = {
  welcome: 'Welcome, {{name}}',
  intro: 'Manage libraries, documents, topics and publishing here, and track projects, plans, tasks, requirements and defects.',
  version: 'Version: {{version}}',
  myProjects: 'My projects',
  myOpenItems: 'My open work items',
  openTotal: '{{count}} in all',
  trends: 'Trends: past 7 days',
  created: 'Created',
  resolved: 'Resolved',
  closed: 'Closed',
  openItems: 'Open items',
  endDate: 'Ends',
  noProjects: 'No projects',
  noItems: 'Nothing open is assigned to you',
  loadFailed: 'The dashboard could not be loaded',
};
export default home;
