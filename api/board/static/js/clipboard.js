/**
 * Copying text: the Clipboard API where the page may use it (a secure context), else the
 * older copy command on the field that shows the text. Says which happened, or why not.
 */

/** Copy ``text``, shown in ``field``; a message for the page. */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied.";
  } catch {
    field.focus();
    field.select();
    if (document.execCommand("copy")) return "Copied.";
    return "Could not copy here: the text is selected, copy it by hand.";
  }
}
