sleep {{SECONDS}}
