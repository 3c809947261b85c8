"""
Drives `cloud-interfaces mock kms-v2 --stateful` through every control operation of the
emulator's control API (issue 46), as a Python test suite would: standard library only.

Usage: python3 control_api.py '<JSON array: the command that runs the CLI>'
(run by test/kms/control-api-python.test.ts). Exits non-zero on the first failed check.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

KEY = "application/vnd.svc.kms.key+json"
INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d"
HEADERS = {"authorization": "Bearer t", "svc-instance": INSTANCE}
COMMAND = json.loads(sys.argv[1])
checks = 0


def check(condition, what):
    global checks
    if not condition:
        raise AssertionError(what)
    checks += 1
    print(f"ok {checks} - {what}", flush=True)


def call(method, url, body=None, headers=None, content_type="application/json"):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    h = dict(headers or {})
    if data is not None:
        h["content-type"] = content_type
    request = urllib.request.Request(url, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, (json.loads(text) if text else None)


def start(folder, state_file):
    ready = os.path.join(folder, "ready")
    if os.path.exists(ready):
        os.remove(ready)
    process = subprocess.Popen(
        COMMAND + ["mock", "kms-v2", "--stateful", "--port", "0", "--seed", "7", "--ready-file", ready, "--state-file", state_file],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    # Bounded by count: 600 looks 0.1 s apart.
    for _ in range(600):
        if os.path.exists(ready):
            with open(ready) as f:
                url = f.read().strip()
            if url:
                return process, url
        if process.poll() is not None:
            raise AssertionError(f"the emulator exited {process.returncode}: {process.stderr.read().decode()}")
        time.sleep(0.1)
    process.kill()
    raise AssertionError("the emulator never wrote its ready file")


def stop(process):
    process.send_signal(signal.SIGTERM)
    return process.wait(timeout=30)


def all_keys(url):
    keys, offset, pages = [], 0, 0
    # Bounded: at most 100 pages of 100.
    while pages < 100:
        status, body = call("GET", f"{url}/api/v2/keys?limit=100&offset={offset}", headers=HEADERS)
        assert status == 200, (status, body)
        page = body["resources"]
        keys += page
        pages += 1
        if len(page) < 100:
            return keys, pages
        offset += 100
    raise AssertionError("more than 100 pages")


def create(url, name):
    return call("POST", f"{url}/api/v2/keys", {"metadata": {"collectionType": KEY, "collectionTotal": 1}, "resources": [{"type": KEY, "name": name}]}, HEADERS, KEY)


def main():
    folder = tempfile.mkdtemp(prefix="control-api-")
    state_file = os.path.join(folder, "state.json")
    process, url = start(folder, state_file)
    control = f"{url}/__emulator"
    try:
        start_keys, _ = all_keys(url)
        status, created = create(url, "from-python")
        check(status == 201, f"create: 201 (got {status})")

        status, record = call("GET", f"{control}/requests")
        check(status == 200 and any(r["operation"] == "createKey" and r["status"] == 201 for r in record["requests"]), "GET /__emulator/requests lists the create with its operation and status")
        check(record["dropped"] == 0, "nothing dropped from the record")
        status, only = call("GET", f"{control}/requests?operation=createKey")
        check(status == 200 and {r["operation"] for r in only["requests"]} == {"createKey"}, "?operation= keeps that operation's requests only")
        status, _ = call("DELETE", f"{control}/requests")
        status2, emptied = call("GET", f"{control}/requests")
        check(status == 204 and emptied["requests"] == [], "DELETE /__emulator/requests empties the record")

        status, generated = call("POST", f"{control}/generate", {"resource": "key", "count": 500, "partition": {"svc-instance": INSTANCE}})
        check(status == 201 and generated == {"created": 500}, f"generate 500 keys: 201 {generated}")
        keys, pages = all_keys(url)
        ids = [k["id"] for k in keys]
        check(len(keys) == len(start_keys) + 501 and len(set(ids)) == len(ids), f"paged through {len(keys)} keys in {pages} pages, every id once")
        check("from-python" in [k["name"] for k in keys], "the created key is among them")

        status, snapshot = call("GET", f"{control}/state")
        check(status == 200 and snapshot["format"] == "cloud-interfaces/emulator-state" and snapshot["version"] == 1, "GET /__emulator/state: a versioned snapshot")
        status, _ = call("POST", f"{control}/reset")
        after_reset, _ = all_keys(url)
        check(status == 204 and len(after_reset) == len(start_keys), f"reset: back to the {len(start_keys)} starting keys")
        status, _ = call("PUT", f"{control}/state", snapshot)
        restored, _ = all_keys(url)
        check(status == 204 and sorted(k["id"] for k in restored) == sorted(ids), "PUT /__emulator/state: every key back")

        broken = dict(snapshot, state={"partitions": {"$map": [["x", {"records": {"$map": [["key", {"$map": [["1", {"id": "2"}]]}]]}}]]}})
        status, problem = call("PUT", f"{control}/state", broken)
        kept, _ = all_keys(url)
        check(status == 400 and "field" in problem and len(kept) == len(ids), f"a malformed state is refused whole ({problem.get('field')}: {problem.get('detail', '')[:60]}...), the state kept")

        status, clock = call("PUT", f"{control}/clock", {"now": "2031-02-03T04:05:06Z"})
        check(status == 200 and clock["now"] == "2031-02-03T04:05:06.000Z", "PUT /__emulator/clock sets it")
        status, dated = create(url, "dated")
        check(status == 201 and dated["resources"][0]["creationDate"] == "2031-02-03T04:05:06.000Z", f"a key created now has creationDate {dated['resources'][0].get('creationDate')}")
        status, moved = call("POST", f"{control}/clock/advance", {"seconds": 3600})
        check(status == 200 and moved["now"] == "2031-02-03T05:05:06.000Z", "POST /__emulator/clock/advance moves it an hour")
        status, read = call("GET", f"{control}/clock")
        check(status == 200 and read["now"] == "2031-02-03T05:05:06.000Z", "GET /__emulator/clock reads it")
    finally:
        code = stop(process)
    check(code == 0, "SIGTERM stops the emulator (exit 0)")
    check(os.path.exists(state_file), "the state file was written on stop")

    process, url = start(folder, state_file)
    try:
        keys, _ = all_keys(url)
        names = [k["name"] for k in keys]
        check("from-python" in names and "dated" in names and len(keys) == len(start_keys) + 502, f"restarted with --state-file: all {len(keys)} keys are there")
    finally:
        stop(process)
    print(f"{checks} checks passed")


main()
