import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving an editor with unsaved edits asks first: closing or reloading the tab (the browser's
 * prompt) and going to another page (a confirm titled `title`). `passing` lets a route change
 * through (the topic editor's jump to another topic of the document keeps the edits instead).
 */
export function useLeaveGuard(unsaved: () => boolean, title: string, passing: () => boolean = () => false) {
  const { modal } = App.useApp();
  const latest = useRef(unsaved);
  latest.current = unsaved;
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved() && !passing() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({ title, onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker, modal, title]);
}

/** Ctrl+S (Cmd+S) runs the editor's latest `save`, wherever the focus is. */
export function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
