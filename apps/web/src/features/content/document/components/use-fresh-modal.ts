import { useState } from 'react';

/**
 * Spread on a dialog's Modal: once its close animation ends it is mounted anew, so the next open
 * starts from a clean form and a clean footer. (A dialog closed while its OK button's loading
 * icon is still animating out keeps that icon, and the button's accessible name turns into
 * "loading OK", until the dialog is remounted.)
 */
export function useFreshModal() {
  const [generation, setGeneration] = useState(0);
  return { key: generation, afterClose: () => setGeneration((g) => g + 1) };
}
