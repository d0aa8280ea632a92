/**
 * The copy-link button of a tag, operation or schema. It is static markup: ApiInteractions copies the
 * absolute URL of `data-copy-link` (e.g. `…/api#operation/getLocations`) when it is clicked.
 */
export function CopyLinkButton({ anchor, label }: { anchor: string; label: string }) {
  return (
    <button type="button" className="copy-link" data-copy-link={anchor} aria-label={`Copy link to ${label}`}>
      #
    </button>
  );
}
