import { useEffect } from 'react';

/**
 * Third-party sign-in callback: hands the answer to the window that opened it and closes.
 * Opened directly, it simply goes to the login page.
 */
export default function AuthRedirectPage() {
  useEffect(() => {
    const target = `${window.location.origin}/login${window.location.hash}`;
    if (window.opener && window.opener !== window) {
      window.opener.location.href = target;
      window.close();
    } else {
      window.location.replace(target);
    }
  }, []);
  return null;
}
