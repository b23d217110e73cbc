set terminal pngcairo size 1000,600 font ',11' noenhanced
set key bottom right
set grid
set ylabel 'cumulative fraction of samples'
set yrange [0:1]
set output 'handshakes_cdf.png'
set title 'TLS 1.3 handshakes (sequential, one client)'
set xlabel 'connections/s'
plot 'raw/cdf.hs.p256.dat' using 1:2 with steps lw 2 title 'p256', 'raw/cdf.hs.x25519.dat' using 1:2 with steps lw 2 title 'x25519', 'raw/cdf.hs.fast25519.dat' using 1:2 with steps lw 2 title 'fast25519', 'raw/cdf.hs.fast25519-server.dat' using 1:2 with steps lw 2 title 'fast25519-server', 'raw/cdf.hs.fast25519-warmup.dat' using 1:2 with steps lw 2 title 'fast25519-warmup', 'raw/cdf.hs.x25519-waker.dat' using 1:2 with steps lw 2 title 'x25519-waker'
set output 'dot_cdf.png'
set title 'DNS-over-TLS queries (sequential, unbound)'
set xlabel 'queries/s'
plot 'raw/cdf.dot.p256.dat' using 1:2 with steps lw 2 title 'p256', 'raw/cdf.dot.x25519.dat' using 1:2 with steps lw 2 title 'x25519', 'raw/cdf.dot.fast25519.dat' using 1:2 with steps lw 2 title 'fast25519', 'raw/cdf.dot.fast25519-server.dat' using 1:2 with steps lw 2 title 'fast25519-server', 'raw/cdf.dot.fast25519-warmup.dat' using 1:2 with steps lw 2 title 'fast25519-warmup', 'raw/cdf.dot.x25519-waker.dat' using 1:2 with steps lw 2 title 'x25519-waker'
set output 'dot_peak_cdf.png'
set title 'DNS-over-TLS peak throughput (concurrent clients, unbound)'
set xlabel 'queries/s'
plot 'raw/cdf.peak.p256.dat' using 1:2 with steps lw 2 title 'p256', 'raw/cdf.peak.x25519.dat' using 1:2 with steps lw 2 title 'x25519', 'raw/cdf.peak.fast25519.dat' using 1:2 with steps lw 2 title 'fast25519', 'raw/cdf.peak.fast25519-server.dat' using 1:2 with steps lw 2 title 'fast25519-server', 'raw/cdf.peak.fast25519-warmup.dat' using 1:2 with steps lw 2 title 'fast25519-warmup', 'raw/cdf.peak.x25519-waker.dat' using 1:2 with steps lw 2 title 'x25519-waker'
unset yrange
set autoscale y
set yrange [0:*]
set key top right
set output 'server_cpu.png'
set title 'Server CPU time per TLS 1.3 handshake (openssl s_server, all threads)'
set xlabel ''
set ylabel 'microseconds per handshake'
set style fill solid 0.6
set boxwidth 0.6
set xrange [-0.6:5.600000]
set xtics rotate by -15 offset -1,0
set bmargin 5
ceil = 530.844
plot 'raw/server_cpu.dat' using 1:3:xtic(2) with boxes notitle, '' using 1:3:(sprintf('%.0f', $3)) with labels offset 0,1 notitle, ceil with lines dt 2 lw 2 title 'zero-crypto ceiling'
