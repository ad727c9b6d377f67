import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

/** The navigation progress bar (no spinner); loaded with the first navigation. */
export const progressBar = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
