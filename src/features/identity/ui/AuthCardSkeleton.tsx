// Holds the sign-in card's place while its script starts.
export function AuthCardSkeleton() {
  return (
    <div className="auth-card auth-card--skeleton" aria-hidden="true">
      <span className="skeleton skeleton--bar" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--field" />
      <span className="skeleton skeleton--button" />
    </div>
  );
}
