/**
 * Copies text, with a fallback for where the async Clipboard API is refused (an unfocused document, a
 * non-secure origin): a hidden textarea and the copy command. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (cause) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    // The legacy command is the only copy that works without the Clipboard API.
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) console.warn('[kilowise] the clipboard is not available here; select the text to copy it.', cause);
    return copied;
  }
}
