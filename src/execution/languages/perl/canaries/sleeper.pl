sleep({{SECONDS}});
