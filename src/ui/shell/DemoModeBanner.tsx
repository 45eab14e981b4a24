// The warning every page shows while the embedded backend is open to the network (decision 012).
// Pages are rendered per request, so the layout passes the runtime config that says so.
import type { FirebaseWebConfig } from '@/firebase-client/web-config';
import { Alert } from '@/ui/feedback/Alert';

export function DemoModeBanner({ config, text }: { config: Pick<FirebaseWebConfig, 'demoOnNetwork'>; text: string }) {
  if (!config.demoOnNetwork) return null;
  return (
    <div className="container">
      <Alert kind="error" standing data-testid="demo-mode-banner">
        {text}
      </Alert>
    </div>
  );
}
