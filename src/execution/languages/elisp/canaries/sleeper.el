(sleep-for {{SECONDS}})
