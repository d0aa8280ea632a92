/** The first focusable element of every page; it moves focus past the navbar to the content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main-content">
      Skip to main content
    </a>
  );
}
