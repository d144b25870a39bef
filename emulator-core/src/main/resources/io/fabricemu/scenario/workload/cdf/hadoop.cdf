# Hadoop flow sizes: Facebook's Hadoop cluster as measured by Roy et al., "Inside the Social Network's
# (Datacenter) Network", SIGCOMM 2015, in the form HPCC (Li et al., SIGCOMM 2019) simulates it (the points of its
# public repository's traffic_gen, there in percent).
# One point a line: size in bytes, then P[flow size <= size] from 0 to 1; sizes between points are read on a
# straight line. Mean 120,420.75 B; 60% of the flows are at most 1 KB.
0 0
100 0.01
200 0.02
300 0.05
350 0.15
400 0.20
500 0.30
600 0.40
700 0.50
1000 0.60
2000 0.67
7000 0.70
30000 0.72
50000 0.82
80000 0.87
120000 0.90
300000 0.95
1000000 0.975
2000000 0.99
10000000 1
