// Polls for a new build every 300000 ms (spec §4) and asks to refresh (spec §8 texts).
import { UPDATE_POLL_MS } from '@bo/domain';
import { useEffect, useRef, useState } from 'react';
import type { UpdateDialog } from './UpdateDialog';
import { checkForUpdate, currentAsset } from './version';

type Prompt = typeof UpdateDialog;
// Fetched soon after the page is up, not with it: once a new build is deployed, this build's
// files may be gone from the server, so the prompt must already be at hand.
const loadPrompt = () => import('./UpdateDialog').then((m) => m.UpdateDialog);
const PREFETCH_AFTER_MS = 5000;

export function UpdateChecker({ intervalMs = UPDATE_POLL_MS }: { intervalMs?: number }) {
  const [open, setOpen] = useState(false);
  const [Prompt, setPrompt] = useState<Prompt | null>(null);
  const deferred = useRef(false);

  useEffect(() => {
    const current = currentAsset();
    if (!current) return undefined;
    let prompt: Promise<Prompt> | null = null;
    const prompted = () => (prompt ??= loadPrompt());
    const prefetch = window.setTimeout(
      () => {
        prompted().catch(() => {
          prompt = null;
        });
      },
      Math.min(PREFETCH_AFTER_MS, intervalMs),
    );
    const id = window.setInterval(() => {
      if (deferred.current) return;
      void checkForUpdate(current)
        .then(async (isNew) => {
          if (!isNew) return;
          const P = await prompted();
          setPrompt(() => P);
          setOpen(true);
        })
        .catch(() => undefined);
    }, intervalMs);
    return () => {
      window.clearTimeout(prefetch);
      window.clearInterval(id);
    };
  }, [intervalMs]);

  const later = () => {
    deferred.current = true;
    setOpen(false);
  };

  return Prompt ? <Prompt open={open} onLater={later} /> : null;
}
