/** Where a page's list will be while its first page loads: a spinner, announced as a status. */
export function LoadingStatus() {
  return (
    <p className="directory__status" role="status">
      <span className="spinner" aria-hidden="true" />
    </p>
  );
}
