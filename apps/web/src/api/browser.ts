/** Full-page navigation, kept in one object so tests can replace it (jsdom cannot navigate). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  open(url: string) {
    return window.open(url, '_blank', 'noopener');
  },
  reload() {
    window.location.reload();
  },
};
