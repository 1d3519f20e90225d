/**
 * The error banner: every refusal of the service (its problem+json code, detail and
 * field) and every failure of the page is shown here, never swallowed.
 */

const banner = () => document.getElementById("error");

/** Show ``error`` (a ServiceError or any Error) in the banner. */
export function showError(error) {
  const title = error.status === undefined ? "Error"
    : error.status === 0 ? "No answer" : `${error.status} ${error.code}`;
  document.getElementById("error-title").textContent = `${title}:`;
  document.getElementById("error-detail").textContent = error.detail || error.message || String(error);
  document.getElementById("error-field").textContent = error.field ? `field: ${error.field}` : "";
  banner().hidden = false;
}

/** Hide the banner. */
export function clearError() {
  banner().hidden = true;
}

/** Wire the banner's close button. */
export function initErrors() {
  document.getElementById("error-close").addEventListener("click", clearError);
}
