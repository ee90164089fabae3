// modes.html, the former page of the modes other than Solo: every mode plays on the one page now,
// so an old bookmark, shared link or installed start goes there with its query (?mode=lab, a
// challenge) and fragment, replacing this address in the history (tools/build_site.py, MOVED_PAGE).
location.replace(`./${location.search}${location.hash}`);
