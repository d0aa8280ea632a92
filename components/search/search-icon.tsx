/** The magnifier of the search box and the dialog; a module of its own, so neither imports the other. */
export function SearchIcon() {
  return (
    <svg className="search-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="m14.5 14.5 4 4M16 9A7 7 0 1 1 2 9a7 7 0 0 1 14 0Z"
      />
    </svg>
  );
}
