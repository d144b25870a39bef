# WebSearch flow sizes: the web search cluster's CDF measured by Alizadeh et al., "Data Center TCP (DCTCP)",
# SIGCOMM 2010, Figure 4 (background flows), as the later load studies use it (pFabric, SIGCOMM 2013; HPCC,
# Li et al., SIGCOMM 2019, whose public repository's traffic_gen holds the same points in percent).
# One point a line: size in bytes, then P[flow size <= size] from 0 to 1; sizes between points are read on a
# straight line. Mean 1,711,250 B; half the flows are under 73 KB, but flows over 1 MB carry most bytes.
0 0
10000 0.15
20000 0.20
30000 0.30
50000 0.40
80000 0.53
200000 0.60
1000000 0.70
2000000 0.80
5000000 0.90
10000000 0.97
30000000 1
