import type { Messages } from '../types';
import type zh from '../zh/errors';

const errors: Messages<typeof zh> = {
  notFoundTitle: '404',
  notFoundHeadline: 'Page not found!',
  notFoundInfo: 'Sorry, the page you are looking for does not exist. Check the address, or go back to the home page.',
  unauthorizedTitle: '401',
  unauthorizedHeadline: 'You have no access!',
  unauthorizedInfo: 'Sorry, you do not have permission to view this page. You can go back to the home page.',
  backHome: 'Back to home',
  goBack: 'Go back',
  notAvailableTitle: 'Not available yet',
  notAvailableInfo: 'The page "{{name}}" is not available yet; it will arrive in a later version.',
  brokenLink: 'Error: broken link',
  loadFailed: 'The page failed to load; refresh to try again',
  reload: 'Reload',
};
export default errors;
