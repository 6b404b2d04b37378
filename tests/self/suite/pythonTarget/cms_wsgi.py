"""A second implementation of the interface, on another stack: Python's standard library only (WSGI via
wsgiref, json). Written from the interface's text, with this stack's own defaults: header names reach the
application as CGI variables (client_id and client-id are both HTTP_CLIENT_ID, RFC 3875 §4.1.18), repeated
header lines arrive joined by commas, the json module parses bodies and writes \\u escapes for every
character beyond ASCII. It is a test target of the suite's own tests (issue 48.3), not a product part.

Usage: python3 cms_wsgi.py  → prints one JSON line {"port", "clientId", "token", "restrictedToken", "facts"}
and serves on 127.0.0.1 until stdin closes.
"""

import json
import math
import sys
import threading
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

TENANT = "acme.example"
CLIENT_ID = "py-client-7f3a"
TOKENS = {"py-admin-token-5b1c9e": "admin", "py-restricted-token-2d8f4a": "rita"}
CMS_OPERATIONS = ("listFactoryDefaultWidgets", "listLandingPages", "getAnalytic", "getWidget")
TAG_WORDS = ["sales", "hr", "Finance", "payroll", "Überblick", "north", "KPI", "mobile", "legacy"]
SHAPES = ["BAR", "PIE", "GAUGE", "LINE", "TABLE", "STACKED_COLUMN", "MAP"]
FUNCTIONS = ["SUM", "AVG", "COUNT", "MAX", "MIN", "COUNT_DISTINCT"]


def build_widgets():
    widgets = []
    for n in range(27):
        area = ["sales", "people", "stock"][n % 3]
        widgets.append({
            "id": f"widget://{TENANT}/{area}/board/w{n:02d}",
            "name": f"platform.cms.widget.{area}.w{n:02d}.name",
            "description": f"platform.cms.widget.{area}.w{n:02d}.description",
            "permission": {"resource": f"res://{TENANT}/{area}/board", "action": "read"},
            "url": f"https://apps.example.com/{area}/w{n:02d}/index.html",
            "thumbnailURL": f"https://cdn.example.com/thumbs/{area}-w{n:02d}.png",
            "tags": [TAG_WORDS[n % len(TAG_WORDS)], TAG_WORDS[(n * 5 + 2) % len(TAG_WORDS)] + f"-{n}"]
            + (["board"] if n % 2 == 0 else []),
            "preferredSize": {"height": 2 + n % 5, "width": 3 + n % 4},
        })
    return widgets


def build_pages():
    pages = []
    kinds = ["SHARED", "PERSONAL", "DEFAULT"]
    words = ["Quarterly", "revenue", "Team", "overview", "Café", "planning", "Onboarding", "dashboard"]
    for n in range(23):
        owner = "rita" if n % 4 == 1 else "admin"
        kind = "PERSONAL" if owner == "rita" and n % 8 == 1 else kinds[n % 3]
        pages.append({
            "owner": owner,
            "page": {
                "id": f"landing://{TENANT}/page-{n:03d}",
                "pageId": f"page-{n:03d}",
                "title": f"{words[n % len(words)]} {words[(n + 3) % len(words)]} {n}" + (" Portal" if n % 2 == 0 else ""),
                "includeHeader": n % 2 == 0,
                "landingPageType": kind,
            },
        })
    return pages


def column(n, name):
    return {"schema": "sales", "table": "orders", "column": name, "label": f"{name} label", "function": FUNCTIONS[n % 6],
            "precision": n % 3, "prefix": "", "sufix": "", "mask": "#,##0"}


def build_analytics():
    analytics = []
    for n, shape in enumerate(SHAPES):
        series = [{"column": column(n, "amount"), "label": "Amount"}]
        if shape not in ("PIE", "GAUGE"):
            series.append({"column": column(n + 1, "count"), "label": "Count"})
        chart = {"type": shape, "series": series, "datasetId": f"dataset://{TENANT}/ds{n}", "filter": {},
                 "order": [{"schema": "sales", "table": "orders", "column": "amount", "function": "SUM", "order": "DESC"}]}
        if shape != "GAUGE":
            chart["category"] = column(n, "region")
        analytics.append({
            "id": f"analytic://{TENANT}/a{n}",
            "name": f"analytic{n}",
            "title": f"platform.cms.analytic{n}",
            "chart": chart,
            "preferredSize": {"height": 4, "width": 6},
            "tags": ["sales"],
            "properties": [{"name": "refresh", "value": "60"}],
            "createdBy": "admin@acme.example",
            "createdDate": f"2024-0{1 + n % 9}-1{n % 9}T10:15:30.{n:03d}Z",
        })
    return analytics


WIDGETS = build_widgets()
PAGES = build_pages()
ANALYTICS = build_analytics()
# The restricted user may use two of the three areas' widgets and none of the analytics of odd number.
RESTRICTED_RESOURCES = {f"res://{TENANT}/sales/board", f"res://{TENANT}/stock/board"}
ROLE_GROUPS = {
    "manager": [(("hcm", "payroll", 1), [("branch", "47123BAEA78A4AC1AA04CD424B125E48"), ("level", "senior")])],
    "clerk": [(("hcm", "payroll", 1), [("branch", "47123BAEA78A4AC1AA04CD424B125E48")]),
              (("hcm", "payroll", 2), [("region", "south")])],
    "auditor": [(("hcm", "payroll", 3), [("year", "2024")]), (("crm", "leads", 1), [("team", "red")])],
    "guest": [],
}


class BadRequest(Exception):
    pass


def error_body(operation, status, message):
    if operation == "getRoleFilters":
        return {"message": message, "errorCode": "getRoleFiltersResponse", "reason": "BAD_REQUEST",
                "domain": "platform", "service": "authorization"}
    reason = "OBJECT_NOT_FOUND" if status == 404 else "BAD_REQUEST"
    return {"message": message, "errorCode": f"cms.{reason.lower()}", "reason": reason, "domain": "platform",
            "service": "cms"}


def optional_string(body, name):
    value = body.get(name)
    if value is not None and not isinstance(value, str):
        raise BadRequest(f"{name} must be a string")
    return value


def whole_number(value, name, minimum):
    # bool is an int in Python; a JSON true is no integer.
    if type(value) is not int or value < minimum:
        raise BadRequest(f"{name} must be an integer of at least {minimum}")
    return value


def paginate(items, body):
    pagination = body.get("pagination")
    if pagination is None:
        pagination = {}
    if not isinstance(pagination, dict):
        raise BadRequest("pagination must be an object")
    number = pagination.get("pageNumber")
    size = pagination.get("pageSize")
    number = 0 if number is None else whole_number(number, "pageNumber", 0)
    size = 10 if size is None else whole_number(size, "pageSize", 1)
    start = number * size
    page = items[start:start + size] if start < len(items) else []
    return page, {"totalElements": len(items), "totalPages": math.ceil(len(items) / size)}


def holds(text, search):
    return search.casefold() in text.casefold()


def visible_widgets(user):
    return [w for w in WIDGETS if user == "admin" or w["permission"]["resource"] in RESTRICTED_RESOURCES]


def list_widgets(body, user):
    search = optional_string(body, "searchValue")
    items = visible_widgets(user)
    if search:
        items = [w for w in items if any(holds(text, search) for text in [w["name"], w["description"], *w["tags"]])]
    page, info = paginate(items, body)
    return 200, {"widgets": page, "listInformation": info}


def list_pages(body, user):
    search = optional_string(body, "searchValue")
    items = [p["page"] for p in PAGES if user == "admin" or p["owner"] == user]
    if search:
        items = [p for p in items if holds(p["title"], search)]
    page, info = paginate(items, body)
    return 200, {"landingPages": page, "listInformation": info}


def required_id(body, name):
    value = body.get(name)
    if not isinstance(value, str) or value == "":
        raise BadRequest(f"{name} is required and must be a string")
    return value


def get_widget(body, user):
    widget_id = required_id(body, "widgetId")
    if not widget_id.startswith("widget://"):
        raise BadRequest("widgetId must be a widget:// URI")
    widget = next((w for w in WIDGETS if w["id"] == widget_id), None)
    if widget is None:
        return 404, error_body("getWidget", 404, "widget not found")
    if widget not in visible_widgets(user):
        return 403, None
    return 200, widget


def get_analytic(body, user):
    analytic_id = required_id(body, "analyticId")
    analytic = next((a for a in ANALYTICS if a["id"] == analytic_id), None)
    if analytic is None:
        return 404, error_body("getAnalytic", 404, "analytic not found")
    if user != "admin" and ANALYTICS.index(analytic) % 2 == 1:
        return 403, None
    return 200, {"analytic": analytic}


def get_role_filters(body, _user):
    roles = body.get("roles")
    if not isinstance(roles, list) or not all(isinstance(role, str) for role in roles):
        raise BadRequest("roles must be an array of strings")
    domain = optional_string(body, "domainName")
    service = optional_string(body, "serviceName")
    groups = {}
    for role in sorted(set(roles)):
        for (key, filters) in ROLE_GROUPS.get(role, []):
            if (domain is not None and key[0] != domain) or (service is not None and key[1] != service):
                continue
            merged = groups.setdefault(key, [])
            merged.extend(f for f in filters if f not in merged)
    return 200, {"filters": [
        {"key": {"domainName": k[0], "serviceName": k[1], "sequence": k[2]},
         "filters": [{"name": name, "value": value} for (name, value) in sorted(fs)]}
        for k, fs in sorted(groups.items())]}


HANDLERS = {"listFactoryDefaultWidgets": list_widgets, "listLandingPages": list_pages, "getAnalytic": get_analytic,
            "getWidget": get_widget, "getRoleFilters": get_role_filters}
PATHS = {f"/platform/cms/{name}": name for name in CMS_OPERATIONS}
PATHS["/platform/authorization/getRoleFilters"] = "getRoleFilters"


def authenticate(environ, operation):
    """The user the request acts for, or None for invalid credentials (§5, §7: 401)."""
    if environ.get("HTTP_CLIENT_ID") != CLIENT_ID:
        return None
    scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return TOKENS.get(token)


def answer(environ):
    operation = PATHS.get(environ.get("PATH_INFO", ""))
    if operation is None:
        return 404, {"message": "no such operation"}
    if environ["REQUEST_METHOD"] != "POST":
        return 405, {"message": "POST only"}
    user = authenticate(environ, operation)
    if user is None:
        return 401, {"error": "invalid_token", "error_description": "invalid client id or access token"}
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(length) if length else b""
        body = json.loads(raw.decode("utf-8"))
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        return HANDLERS[operation](body, user)
    except (BadRequest, ValueError, RecursionError) as problem:
        return 400, error_body(operation, 400, str(problem) or "invalid request")


def application(environ, start_response):
    status, body = answer(environ)
    text = b"" if body is None else json.dumps(body).encode("ascii")
    reasons = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
               405: "Method Not Allowed"}
    headers = [("Content-Length", str(len(text)))]
    if body is not None:
        headers.append(("Content-Type", "application/json"))
    start_response(f"{status} {reasons[status]}", headers)
    return [text]


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


class ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    request_queue_size = 128


def facts():
    restricted_hidden = [w["id"] for w in WIDGETS if w not in visible_widgets("rita")]
    return {
        "analyticIds": [a["id"] for a in ANALYTICS],
        "roles": sorted(ROLE_GROUPS),
        "domainName": "hcm",
        "serviceName": "payroll",
        "roleFilters": {role: [{"name": n, "value": v} for (key, fs) in groups if key[:2] == ("hcm", "payroll")
                               for (n, v) in fs] for role, groups in ROLE_GROUPS.items()},
        "forbiddenWidgetIds": restricted_hidden[:5],
        "forbiddenAnalyticIds": [a["id"] for i, a in enumerate(ANALYTICS) if i % 2 == 1],
        "ownLandingPageIds": [p["page"]["id"] for p in PAGES if p["owner"] == "rita"][:5],
        "othersLandingPageIds": [p["page"]["id"] for p in PAGES if p["owner"] != "rita"][:5],
    }


def main():
    server = make_server("127.0.0.1", 0, application, server_class=ThreadingServer, handler_class=QuietHandler)
    tokens = {user: token for token, user in TOKENS.items()}
    print(json.dumps({"port": server.server_port, "clientId": CLIENT_ID, "token": tokens["admin"],
                      "restrictedToken": tokens["rita"], "facts": facts()}), flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
