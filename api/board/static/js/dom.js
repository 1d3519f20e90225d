/** Building the page's elements: ``el("div", "class", child, "text", ...)``, and the same for SVG. */

const SVG = "http://www.w3.org/2000/svg";

/** An HTML element with ``className`` (may be empty) and children (elements or text). */
export function el(tag, className, ...children) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

/** An SVG element with its attributes. */
export function svgEl(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
