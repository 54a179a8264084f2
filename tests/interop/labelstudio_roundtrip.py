#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Round trip of kwb reviews through a real Label Studio server (docs/reviews.md, "Label Studio").

Starts the Label Studio that packaging/install-labelstudio.sh installed (its own venv, pinned version) on
127.0.0.1, on a free port, with a throw-away data folder and no analytics; creates the users alice and bob;
creates a project with kwb's labeling config through the REST API, imports `kwb export --format labelstudio`,
exports it back and checks that `kwb import` finds 0 differences; then edits one annotation, adds one by bob
and one by alice through the API, exports again and checks that `kwb import` brings back exactly those changes
(a new revision for the edit, with the old one in the history; new reviews for the added ones, their reviewers
mapped from the Label Studio e-mail) and nothing else. Stops the server by its process group and removes the
data folder. Exit 77 (skipped) only when Label Studio is not installed.

Usage: labelstudio_roundtrip.py --kwb PATH/kwb --source-dir REPO [--venv DIR]
(KWB_INTEROP_KEEP=DIR keeps the exchanged files and the server log there.)
"""
import argparse
import copy
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

VERSION = "1.23.2"
SKIP = 77
READY_TIMEOUT_S = 200
ALICE = ("alice@lab.org", "alice-password-1", "kwbinteroptoken0001")
BOB = ("bob@lab.org", "bob-password-1")

T0 = time.monotonic()


def log(msg):
    print(f"[{time.monotonic() - T0:6.1f} s] {msg}", flush=True)


def fail(msg):
    print(f"FAIL: {msg}", flush=True)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Kwb:
    def __init__(self, binary, work, env):
        self.binary, self.work, self.env = binary, work, env

    def __call__(self, *args, ok=True):
        p = subprocess.run([self.binary, *args], cwd=self.work, env=self.env, capture_output=True, text=True,
                           timeout=60)
        if ok and p.returncode != 0:
            fail(f"kwb {' '.join(args)} exited {p.returncode}:\n{p.stdout}{p.stderr}")
        return p


class Server:
    """One Label Studio process in its own process group, stopped by that group's id."""

    def __init__(self, venv, data, port):
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ)
        env.update({
            "LABEL_STUDIO_BASE_DATA_DIR": data,
            "COLLECT_ANALYTICS": "false",
            "LATEST_VERSION_CHECK": "false",
            "SENTRY_DSN": "", "FRONTEND_SENTRY_DSN": "",
            "LABEL_STUDIO_USERNAME": ALICE[0], "LABEL_STUDIO_PASSWORD": ALICE[1],
            "LABEL_STUDIO_USER_TOKEN": ALICE[2],
            "LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK": "false",
            "DJANGO_DB": "sqlite",
        })
        self.log_path = os.path.join(os.path.dirname(data), "labelstudio.log")
        self.log_file = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            [os.path.join(venv, "bin", "label-studio"), "start", "--no-browser", "--internal-host", "127.0.0.1",
             "--port", str(port), "--enable-legacy-api-token"],
            env=env, cwd=os.path.dirname(data), stdout=self.log_file, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, requests):
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                fail(f"Label Studio exited with {self.proc.returncode} before it was ready:\n{self.tail()}")
            try:
                if requests.get(self.url + "/api/version", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.5)
        fail(f"Label Studio not ready after {READY_TIMEOUT_S} s:\n{self.tail()}")

    def tail(self):
        self.log_file.flush()
        with open(self.log_path, errors="replace") as f:
            return "".join(f.readlines()[-30:])

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log_file.close()


def reviews_fixture(source_dir):
    with open(os.path.join(source_dir, "tests/review/fixtures/complete.review.json")) as f:
        alice = json.load(f)
    bob = copy.deepcopy(alice)
    bob.update({"reviewer": "bob", "created": "2026-11-30T09:00:00Z", "updated": "2026-11-30T09:30:00Z",
                "verdict": "minor", "summary": "Tail case aside, fine."})
    bob["scores"]["NC4"]["value"] = 3
    other = copy.deepcopy(alice)
    other["task"]["id"] = "softmax-f16-oracle"
    other.update({"created": "2026-11-30T10:00:00.250Z", "updated": "2026-11-30T10:20:00Z", "comments": []})
    return [alice, bob, other]


def results_by_name(annotation):
    return {r["from_name"]: r for r in annotation["result"]}


def run(args, requests, venv, tmp):
    env = dict(os.environ, KWB_DB=os.path.join(tmp, "default.sqlite"))
    kwb = Kwb(args.kwb, tmp, env)
    reviews = reviews_fixture(args.source_dir)
    with open(os.path.join(tmp, "reviews.json"), "w") as f:
        json.dump(reviews, f)
    db = os.path.join(tmp, "reviews.sqlite")
    kwb("import", "--db", db, "reviews.json")
    kwb("export", "--format", "labelstudio", "--labelstudio-config", "config.xml", "--labelstudio-user",
        "alice=alice@lab.org", "--labelstudio-user", "bob=bob@lab.org", "--task",
        os.path.join(args.source_dir, "resources/tasks"), db, "-o", "export.json")
    with open(os.path.join(tmp, "config.xml")) as f:
        config = f.read()
    with open(os.path.join(tmp, "export.json")) as f:
        exported = json.load(f)

    data = os.path.join(tmp, "data")
    os.makedirs(data)
    template = os.path.join(venv, "kwb-template", "label_studio.sqlite3")
    if os.path.exists(template):
        shutil.copy(template, os.path.join(data, "label_studio.sqlite3"))
    else:
        log(f"no migrated template at {template} (packaging/install-labelstudio.sh makes it): migrating now")
    port = free_port()
    log(f"starting Label Studio {VERSION} on 127.0.0.1:{port}")
    server = Server(venv, data, port)
    try:
        started = time.monotonic()
        server.wait_ready(requests)
        log(f"Label Studio ready after {time.monotonic() - started:.1f} s")
        round_trip(kwb, requests, server.url, config, exported, db, tmp)
    finally:
        server.stop()
        log("Label Studio stopped")


def signup(requests, url, email, password):
    """A second account, made the way a person makes one (the sign-up form), in the same organisation."""
    s = requests.Session()
    s.get(url + "/user/signup/", timeout=30)
    r = s.post(url + "/user/signup/", data={"email": email, "password": password,
                                             "csrfmiddlewaretoken": s.cookies.get("csrftoken", "")},
               headers={"Referer": url + "/user/signup/"}, timeout=30, allow_redirects=False)
    check(r.status_code in (200, 302), f"sign-up of {email}: HTTP {r.status_code}")
    s.headers["X-CSRFToken"] = s.cookies.get("csrftoken", "")
    s.headers["Referer"] = url + "/"
    return s


def round_trip(kwb, requests, url, config, exported, db, tmp):
    api = requests.Session()
    api.headers["Authorization"] = f"Token {ALICE[2]}"
    bob = signup(requests, url, *BOB)
    users = {u["email"]: u["id"] for u in api.get(url + "/api/users/", timeout=30).json()}
    check(BOB[0] in users and ALICE[0] in users, f"users: {users}")

    r = api.post(url + "/api/projects/validate/", json={"label_config": config}, timeout=30)
    check(r.status_code in (200, 204), f"config validation: HTTP {r.status_code} {r.text[:2000]}")
    r = api.post(url + "/api/projects/", json={"title": "kwb interop", "label_config": config}, timeout=30)
    check(r.status_code == 201, f"project: HTTP {r.status_code} {r.text[:2000]}")
    project = r.json()["id"]
    r = api.post(url + f"/api/projects/{project}/import", json=exported, timeout=60)
    check(r.status_code == 201, f"import: HTTP {r.status_code} {r.text[:2000]}")
    n_annotations = sum(len(t["annotations"]) for t in exported)
    log(f"imported {len(exported)} tasks, {n_annotations} annotations into project {project}")

    def export(name):
        r = api.get(url + f"/api/projects/{project}/export?exportType=JSON", timeout=60)
        check(r.status_code == 200, f"export: HTTP {r.status_code} {r.text[:2000]}")
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(r.content)
        return r.json()

    # 1. Unedited: what Label Studio kept is what kwb exported.
    back = export("ls-unedited.json")
    annotations = [a for t in back for a in t["annotations"]]
    check(len(annotations) == n_annotations, f"{len(annotations)} annotations back, {n_annotations} exported")
    by_email = {a["completed_by"]: a for a in annotations}
    check(users[BOB[0]] in by_email, "bob's annotation is not credited to bob's account (completed_by by e-mail)")
    for a in annotations:
        check("kwb_review" in results_by_name(a), f"the identity did not survive Label Studio: {a['result']}")
    p = kwb("import", "--db", db, "ls-unedited.json")
    log("unedited: " + p.stdout.strip().replace("\n", " | "))
    check("0 edited there, 0 added there, 3 as exported" in p.stdout, p.stdout)
    check("0 inserted, 0 updated, 3 unchanged, 0 kept" in p.stdout, p.stdout)
    check(p.stderr == "", p.stderr)

    # 2. Edits made in Label Studio: NC4 2 -> 3 with a new comment, verdict major -> minor, BF1 N/A -> 2, a new
    # line comment and a new evidence reference, on alice's vector-add review; bob and alice each add one.
    task_va = next(t for t in back if t["data"]["task_id"] == "vector-add-f32")
    task_sm = next(t for t in back if t["data"]["task_id"] == "softmax-f16-oracle")
    mine = next(a for a in task_va["annotations"] if json.loads(
        results_by_name(a)["kwb_review"]["value"]["text"][0])["reviewer"] == "alice")
    res = results_by_name(mine)
    res["NC4"]["value"]["rating"] = 3
    res["NC4_comment"]["value"]["text"] = ["Tail fixed in v2; one ulp off at n=1."]
    res["verdict"]["value"]["choices"] = ["minor"]
    del res["BF1_na"]
    res["BF1"] = {"from_name": "BF1", "to_name": "candidate", "type": "rating", "value": {"rating": 2}}
    res["line_comments"]["value"]["text"].append("candidate.cu#L3 [NC1]: Grid-stride loop reads well.")
    res["NC2_evidence"]["value"]["text"].append("file:candidate.cu#L3-L5")
    r = api.patch(url + f"/api/annotations/{mine['id']}/", json={"result": list(res.values())}, timeout=30)
    check(r.status_code == 200, f"edit: HTTP {r.status_code} {r.text[:2000]}")
    new_result = [
        {"from_name": n, "to_name": "candidate", "type": "rating", "value": {"rating": v}}
        for n, v in (("NC1", 5), ("NC2", 5), ("NC3", 4), ("NC4", 4), ("BF1", 3), ("BF2", 4), ("BF3", 4),
                     ("BF4", 4), ("TS1", 4), ("TS2", 4), ("TS3", 4), ("TS4", 4), ("CR1", 4), ("CR2", 4),
                     ("CR3", 4), ("CR4", 4), ("confidence", 3))] + [
        {"from_name": "verdict", "to_name": "candidate", "type": "choices", "value": {"choices": ["accept"]}},
        {"from_name": "summary", "to_name": "candidate", "type": "textarea",
         "value": {"text": ["Numerically exact on every case."]}}]
    r = bob.post(url + f"/api/tasks/{task_sm['id']}/annotations/", json={"result": new_result}, timeout=30)
    check(r.status_code == 201, f"bob's annotation: HTTP {r.status_code} {r.text[:2000]}")
    r = api.post(url + f"/api/tasks/{task_va['id']}/annotations/", json={"result": new_result}, timeout=30)
    check(r.status_code == 201, f"alice's annotation: HTTP {r.status_code} {r.text[:2000]}")
    log("edited 1 annotation, added 2 through the REST API")

    # The export snapshot with annotator details names users by e-mail: the same mapping as on export.
    r = api.post(url + f"/api/projects/{project}/exports/", json={
        "title": "kwb", "serialization_options": {"annotations__completed_by": {"only_id": False}}}, timeout=60)
    check(r.status_code == 201, f"export snapshot: HTTP {r.status_code} {r.text[:2000]}")
    snapshot = r.json()["id"]
    r = api.get(url + f"/api/projects/{project}/exports/{snapshot}/download?exportType=JSON", timeout=60)
    check(r.status_code == 200, f"snapshot download: HTTP {r.status_code} {r.text[:2000]}")
    with open(os.path.join(tmp, "ls-edited.json"), "wb") as f:
        f.write(r.content)
    p = kwb("import", "--db", db, "--labelstudio-user", "alice=alice@lab.org", "--labelstudio-user",
            "bob=bob@lab.org", "ls-edited.json")
    log("edited: " + p.stdout.strip().replace("\n", " | "))
    check("1 edited there, 2 added there, 2 as exported" in p.stdout, p.stdout)
    check("2 inserted, 1 updated, 2 unchanged, 0 kept" in p.stdout, p.stdout)
    check(p.stderr == "", p.stderr)

    # What the store holds now: exactly the edits, the rest as it was.
    con = sqlite3.connect(db)
    rows = {(t, rv, c): (json.loads(b), rev) for t, rv, c, b, rev in
            con.execute("SELECT task_id, reviewer, created, body, revision FROM reviews")}
    check(len(rows) == 5, f"{len(rows)} reviews stored, expected 5")
    edited, rev = rows[("vector-add-f32", "alice", "2026-11-29T20:00:00Z")]
    check(rev == 2, f"the edit is revision {rev}, expected 2")
    history = [json.loads(b) for (b,) in con.execute(
        "SELECT h.body FROM review_history h JOIN reviews r ON r.id = h.review_id WHERE r.task_id = ? AND"
        " r.reviewer = ? AND r.created = ? ORDER BY h.revision", ("vector-add-f32", "alice", "2026-11-29T20:00:00Z"))]
    check(len(history) == 2, f"history has {len(history)} versions, expected 2")
    original = history[0]
    expect = copy.deepcopy(original)
    expect["scores"]["NC4"].update({"value": 3, "comment": "Tail fixed in v2; one ulp off at n=1."})
    expect["scores"]["BF1"]["value"] = 2
    expect["scores"]["NC2"]["evidence"].append("file:candidate.cu#L3-L5")
    expect["verdict"] = "minor"
    expect["comments"].append({"file": "candidate.cu", "start_line": 3, "end_line": 3,
                               "text": "Grid-stride loop reads well.", "criterion": "NC1"})
    for volatile in ("updated", "time_spent_s"):
        expect[volatile] = edited[volatile]
    check(edited == expect, "the edited review differs from the original by more (or less) than the edits:\n"
          + json.dumps({"got": edited, "expected": expect}, indent=1))
    check(edited["updated"] > original["updated"], "the edit is not newer than the original")
    check(edited["reports"] == original["reports"], "reports lost")
    for key in (("vector-add-f32", "bob", "2026-11-30T09:00:00Z"),
                ("softmax-f16-oracle", "alice", "2026-11-30T10:00:00.250Z")):
        check(key in rows and rows[key][1] == 1, f"{key} changed: revision {rows.get(key, (None, None))[1]}")
    added = {k: v for k, v in rows.items() if k[1:] not in (("alice", "2026-11-29T20:00:00Z"),
                                                             ("bob", "2026-11-30T09:00:00Z"),
                                                             ("alice", "2026-11-30T10:00:00.250Z"))}
    check(sorted((k[0], k[1]) for k in added) == [("softmax-f16-oracle", "bob"), ("vector-add-f32", "alice")],
          f"added: {sorted(added)}")
    for (_, _, _), (body, _) in added.items():
        check(body["verdict"] == "accept" and body["scores"]["NC4"]["value"] == 4 and body["confidence"] == 3,
              f"added review: {body}")

    # 3. Importing the same state again changes nothing, also from the plain export, which names users by id.
    export("ls-edited-ids.json")
    p = kwb("import", "--db", db, "--labelstudio-user", f"alice={users[ALICE[0]]}", "--labelstudio-user",
            f"bob={users[BOB[0]]}", "ls-edited-ids.json")
    log("again: " + p.stdout.strip().replace("\n", " | "))
    check("0 inserted, 0 updated, 5 unchanged, 0 kept" in p.stdout, p.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kwb", required=True)
    ap.add_argument("--source-dir", required=True)
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    ap.add_argument("--venv", default=os.environ.get("KWB_LABELSTUDIO_VENV")
                    or os.path.join(data_home, "kernel-workbench", "labelstudio-venv"))
    args = ap.parse_args()
    args.kwb = os.path.abspath(args.kwb)
    args.source_dir = os.path.abspath(args.source_dir)
    ls = os.path.join(args.venv, "bin", "label-studio")
    if not os.access(ls, os.X_OK):
        print(f"SKIPPED: Label Studio is not installed ({ls} missing): run packaging/install-labelstudio.sh "
              f"(pip, label-studio=={VERSION}, needs network once)", flush=True)
        return SKIP
    if os.path.realpath(sys.prefix) != os.path.realpath(args.venv):
        # Run by the Label Studio venv's python, which has requests.
        os.execv(os.path.join(args.venv, "bin", "python"), [os.path.join(args.venv, "bin", "python"), *sys.argv])
    import importlib.metadata
    import requests
    have = importlib.metadata.version("label-studio")
    check(have == VERSION, f"label-studio {have} in {args.venv}, expected {VERSION}: run packaging/install-labelstudio.sh")
    check(os.access(args.kwb, os.X_OK), f"{args.kwb} not built")
    tmp = tempfile.mkdtemp(prefix="kwb-labelstudio-")
    try:
        run(args, requests, args.venv, tmp)
    finally:
        keep = os.environ.get("KWB_INTEROP_KEEP")  # a folder to copy the exchanged files to, for a look
        if keep:
            os.makedirs(keep, exist_ok=True)
            for name in os.listdir(tmp):
                if name.endswith((".json", ".xml", ".log")):
                    shutil.copy(os.path.join(tmp, name), keep)
        shutil.rmtree(tmp, ignore_errors=True)
    log("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
