const easeInOutQuad = (t: number, b: number, c: number, d: number) => {
  let x = t / (d / 2);
  if (x < 1) return (c / 2) * x * x + b;
  x--;
  return (-c / 2) * (x * (x - 2) - 1) + b;
};

/** Scrolls the page to `to` over `duration` ms (the pagination's 800 ms scroll-to-top). */
export function scrollTo(to: number, duration: number, done?: () => void) {
  const start = document.scrollingElement?.scrollTop ?? window.scrollY;
  const change = to - start;
  const began = performance.now();
  const step = (now: number) => {
    const elapsed = Math.min(now - began, duration);
    window.scrollTo(0, easeInOutQuad(elapsed, start, change, duration));
    if (elapsed < duration) requestAnimationFrame(step);
    else done?.();
  };
  requestAnimationFrame(step);
}
