exit 0;
