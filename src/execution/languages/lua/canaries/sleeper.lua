local t = os.time() + {{SECONDS}}
while os.time() < t do end
