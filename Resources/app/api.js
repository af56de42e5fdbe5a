// The server's API as the app uses it: every request carries the bearer token when the
// server asked for one, and every failure becomes an ApiError whose message is in words.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

const TOKEN_KEY = "inkpath-token";

export class Api {
  constructor() {
    this.token = sessionStorage.getItem(TOKEN_KEY) || "";
  }

  setToken(token) {
    this.token = token;
    sessionStorage.setItem(TOKEN_KEY, token);
  }

  async request(method, path, body, type) {
    const headers = {};
    if (this.token) headers["Authorization"] = "Bearer " + this.token;
    if (type) headers["Content-Type"] = type;
    let response;
    try {
      response = await fetch(path, { method, headers, body, cache: "no-cache" });
    } catch {
      throw new ApiError("The server cannot be reached: nothing was changed. Try again.", 0);
    }
    if (response.ok) return response;
    let detail = "";
    try {
      detail = (await response.json()).error || "";
    } catch {}
    throw new ApiError(explain(response, detail), response.status);
  }

  async json(method, path, body, type) {
    return (await this.request(method, path, body, type)).json();
  }

  async blob(path) {
    return (await this.request("GET", path)).blob();
  }

  /// Posts a command script (one command a line), all or nothing; answers {id, revision}.
  commands(doc, lines) {
    return this.json("POST", docPath(doc, "/commands"), lines.join("\n"), "text/plain");
  }
}

export function docPath(doc, rest = "") {
  return "/documents/" + encodeURIComponent(doc) + rest;
}

function explain(response, detail) {
  switch (response.status) {
    case 401:
      return "This server needs a token: enter it above.";
    case 404:
      return "There is no such drawing on this server (" + detail + ").";
    case 413:
      return "That is too large for this server: " + detail + ".";
    case 503: {
      const wait = response.headers.get("Retry-After");
      return (
        "The server is busy: nothing was changed, try again" +
        (wait ? " in " + wait + " s" : "") + ". (" + detail + ")"
      );
    }
    default:
      return detail ? capitalized(detail) + "." : "The server answered " + response.status + ".";
  }
}

function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
