"""SandboxFusion's run_code method, re-implemented for bench/serve.ts (our own code).

What it keeps from SandboxFusion's default deployment (sandbox/server/sandbox_api.py and its
python runner): an HTTP server that takes POST /run_code {code, language, run_timeout}, writes
the code to a fresh temporary directory, starts a fresh `python3` process on it through /bin/bash
(asyncio's create_subprocess_shell with executable=/bin/bash; isolation "none", its default), waits for it under the run timeout, and answers {status, run_result
{status, return_code, stdout, stderr, execution_time}}; a pass is return code 0. Requests are
served concurrently, one thread each.
Usage: python3 sandboxfusion_method.py PORT
"""

import json
import subprocess
import sys
import tempfile
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def run(code, timeout):
    with tempfile.TemporaryDirectory() as workdir:
        path = workdir + "/main.py"
        with open(path, "w") as f:
            f.write(code)
        started = time.time()
        try:
            # As SandboxFusion's run_command_bare: the command line through /bin/bash.
            done = subprocess.run("%s %s" % (sys.executable, path), shell=True,
                                  executable="/bin/bash", cwd=workdir, capture_output=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"status": "Failed", "message": "", "run_result": {
                "status": "TimeLimitExceeded", "execution_time": time.time() - started,
                "return_code": None, "stdout": None, "stderr": None}}
        result = {"status": "Finished", "execution_time": time.time() - started,
                  "return_code": done.returncode,
                  "stdout": done.stdout.decode("utf-8", "replace"),
                  "stderr": done.stderr.decode("utf-8", "replace")}
        status = "Success" if done.returncode == 0 else "Failed"
        return {"status": status, "message": "", "compile_result": None, "run_result": result}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        answer = json.dumps(run(body["code"], float(body.get("run_timeout", 10)))).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    print("ready", flush=True)
    server.serve_forever()
