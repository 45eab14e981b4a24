'use client';
// The warning every page shows while the embedded backend is open to the network (decision 012).
// Pages are prerendered and cached, so whether to show it cannot be baked into their HTML: it
// comes from the runtime config every page already fetches (GET /api/auth/config, never cached).
import { useEffect, useState } from 'react';
import { webConfig } from '@/features/identity/client/firebase-web';

export function DemoModeBanner({ text }: { text: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let current = true;
    webConfig()
      .then((config) => current && setShown(config.demoOnNetwork === true))
      .catch(() => {
        // No config (offline, first visit): nothing to warn about that this page could act on.
      });
    return () => {
      current = false;
    };
  }, []);
  if (!shown) return null;
  return (
    <div className="container">
      <p className="alert alert--error" role="note" data-testid="demo-mode-banner">
        <span className="alert__label" aria-hidden="true">
          !
        </span>
        {text}
      </p>
    </div>
  );
}
