"""The analysis board at ``/board``: a page of plain ES modules and CSS, shipped in the
package (``static/``) and served by the service itself, that calls only the service's own
endpoints, so that it works with no network beyond the service."""
