import core.thread;
void main(){ Thread.sleep(dur!"seconds"({{SECONDS}})); }
