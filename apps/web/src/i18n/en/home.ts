import type { Messages } from '../types';
import type zh from '../zh/home';

const home: Messages<typeof zh> = {
  welcome: 'Welcome, {{name}}',
  intro: 'Manage libraries, documents, topics and publishing here, and track projects, plans, tasks, requirements and defects.',
  version: 'Version: {{version}}',
  comingSoon: 'Dashboard panels arrive in a later version.',
};
export default home;
