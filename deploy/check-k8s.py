#!/usr/bin/env python3
"""Check the Kubernetes manifests without a cluster (`make check-k8s`).

Structure: both files parse (PyYAML), are batch/v1 Jobs, the shards Job is Indexed with
completions = parallelism = the N of --shard auto/N, every $(VAR) in the args is defined,
every volume mount names a volume, the podFailurePolicy names the container and has the
restartPolicy it needs, and the merge Job reads the directory and claim the shards write.

Behaviour: the pods are played here with the dragonlab binary given as the argument —
each index k with JOB_COMPLETION_INDEX=k and the container's args (the volume paths
mapped to a temporary directory, the plan a small one-run plan), then the merge Job's
args — and the merged results must equal the whole plan played by run-plan.

What it cannot check: the API server's schema validation, the image, the volume's access
mode, scheduling. Use `kubectl apply --dry-run=server -f …` on a cluster for those.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("check-k8s: skipped: python3 has no yaml module (apt-get install python3-yaml)")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []


def check(cond, msg):
    if not cond:
        errors.append(msg)
    return cond


def load(name):
    with open(os.path.join(HERE, name)) as f:
        docs = [d for d in yaml.safe_load_all(f) if d is not None]
    check(len(docs) == 1, f"{name}: want exactly one document, got {len(docs)}")
    job = docs[0]
    check(job.get("apiVersion") == "batch/v1" and job.get("kind") == "Job", f"{name}: not a batch/v1 Job")
    return job


def pod(job):
    return job["spec"]["template"]["spec"]


def container(job):
    cs = pod(job)["containers"]
    check(len(cs) == 1, "want one container")
    return cs[0]


def check_job(name, job):
    spec, ps, c = job["spec"], pod(job), container(job)
    volumes = {v["name"] for v in ps.get("volumes", [])}
    for m in c.get("volumeMounts", []):
        check(m["name"] in volumes, f"{name}: mount {m['name']} names no volume")
    env = {e["name"] for e in c.get("env", [])}
    for a in c.get("args", []):
        for var in re.findall(r"\$\((\w+)\)", a):
            check(var in env or var == "JOB_COMPLETION_INDEX", f"{name}: $({var}) in the args is not defined")
        check(isinstance(a, str), f"{name}: arg {a!r} is not a string")
    for e in c.get("env", []):
        ref = e.get("valueFrom", {}).get("resourceFieldRef")
        if ref:
            check(ref.get("containerName") == c["name"], f"{name}: env {e['name']} refers to another container")
    pfp = spec.get("podFailurePolicy")
    if pfp:
        check(ps.get("restartPolicy") == "Never", f"{name}: podFailurePolicy needs restartPolicy Never")
        for r in pfp["rules"]:
            codes = r.get("onExitCodes")
            if codes:
                check(codes.get("containerName") == c["name"], f"{name}: podFailurePolicy names container {codes.get('containerName')}")
    check(c.get("image"), f"{name}: no image")
    return c


def flag(args, name):
    for i, a in enumerate(args):
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
        if a == name and i + 1 < len(args):
            return args[i + 1]
    return None


def main():
    shards = load("k8s-indexed-job.yaml")
    merge = load("k8s-merge-job.yaml")
    sc, mc = check_job("shards", shards), check_job("merge", merge)
    spec = shards["spec"]
    args = sc["args"]
    check(spec.get("completionMode") == "Indexed", "shards: completionMode is not Indexed")
    shard = flag(args, "--shard") or ""
    m = re.fullmatch(r"auto/(\d+)", shard)
    n = int(m.group(1)) if check(m, f"shards: --shard {shard!r} is not auto/N") else 0
    check(spec.get("completions") == n, f"shards: completions {spec.get('completions')} != the {n} of --shard auto/{n}")
    check(spec.get("parallelism", 1) <= n, "shards: parallelism above the shard count")
    out = flag(args, "--out")
    check(out and mc["args"] == ["merge", out], f"shards write {out}, the merge Job reads {mc['args']}")
    claims = [{v["name"]: v.get("persistentVolumeClaim", {}).get("claimName") for v in pod(j)["volumes"]} for j in (shards, merge)]
    check(claims[0].get("results") and claims[0].get("results") == claims[1].get("results"), "the two Jobs mount different claims")
    check(sc["image"] == mc["image"], "the two Jobs run different images")
    if errors or len(sys.argv) < 2:
        return

    # Play the pods here.
    bin_ = os.path.abspath(sys.argv[1])
    mounts = {m["mountPath"]: m["name"] for m in sc["volumeMounts"]}
    with tempfile.TemporaryDirectory() as tmp:
        root = {name: os.path.join(tmp, name) for name in mounts.values()}
        for d in root.values():
            os.makedirs(d)
        plan_arg = args[1] if args[0] == "run-plan" else None
        local = lambda p: next((root[mounts[mp]] + p[len(mp):] for mp in mounts if p == mp or p.startswith(mp + "/")), p)
        if plan_arg:
            subprocess.run([bin_, "plan", "run", "--game", "draco", "--players", "3", "--games", "3000", "--out", local(plan_arg)], check=True, stdout=subprocess.DEVNULL)
        cpus = "1"
        def expand(a):
            a = a.replace("$(CPUS)", cpus)
            if "=" in a and a.startswith("--"):
                k, v = a.split("=", 1)
                return f"{k}={local(v)}"
            return local(a)
        for k in range(n):
            env = dict(os.environ, JOB_COMPLETION_INDEX=str(k))
            r = subprocess.run([bin_] + [expand(a) for a in args], env=env, capture_output=True, text=True)
            if not check(r.returncode == 0, f"pod {k}: exit {r.returncode}: {r.stderr.strip()}"):
                return
        r = subprocess.run([bin_] + [expand(a) for a in mc["args"]], capture_output=True, text=True)
        if not check(r.returncode == 0, f"merge pod: exit {r.returncode}: {r.stderr.strip()}"):
            return
        if plan_arg:
            whole = os.path.join(tmp, "whole")
            subprocess.run([bin_, "run-plan", local(plan_arg), "--out", whole, "--quiet"], check=True, stdout=subprocess.DEVNULL)
            def strip(p):
                with open(p) as f:
                    d = json.load(f)
                d.pop("run", None)
                return d
            check(strip(os.path.join(whole, "results.json")) == strip(os.path.join(local(out), "results.json")),
                  "the merged pods differ from the whole plan")
        print(f"check-k8s: played the {n} pods of the shards Job and the merge Job with {bin_}: merged = whole plan")


main()
if errors:
    for e in errors:
        print("check-k8s: FAIL:", e, file=sys.stderr)
    sys.exit(1)
print("check-k8s: ok: deploy/k8s-indexed-job.yaml and deploy/k8s-merge-job.yaml")
