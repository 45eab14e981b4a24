// The warning every page shows while the embedded backend is open to the network (decision 012).
// Pages are rendered per request, so the layout passes the runtime config that says so.
import type { FirebaseWebConfig } from '@/firebase-client/web-config';

export function DemoModeBanner({ config, text }: { config: Pick<FirebaseWebConfig, 'demoOnNetwork'>; text: string }) {
  if (!config.demoOnNetwork) return null;
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
