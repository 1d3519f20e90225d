/**
 * Reading what was pasted into "Set up": a compact position (one line), a JSON position
 * (an object with ``hands``), or a deal record (an object with ``version`` or ``moves``).
 */

/** ``{position}`` or ``{record}`` from ``text``; throws an Error naming the problem. */
export function readPasted(text) {
  const trimmed = text.trim();
  if (!trimmed) throw new Error("paste a position or a deal record first");
  if (!trimmed.startsWith("{")) return { position: trimmed };
  let data;
  try {
    data = JSON.parse(trimmed);
  } catch (error) {
    throw new Error(`not valid JSON: ${error.message}`);
  }
  return "moves" in data || "version" in data ? { record: data } : { position: data };
}
