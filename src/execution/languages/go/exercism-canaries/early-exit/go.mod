module canary

go 1.18
