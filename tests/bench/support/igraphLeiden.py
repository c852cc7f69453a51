"""Reference communities for `npm run bench -- communities`: igraph's Leiden (modularity, seed 1)
on the simplified undirected graph of a links.bin, with igraph's default of 2 iterations (as ours). Run with Debian's /usr/bin/python3
(apt-get install -y python3-igraph). Prints one JSON line: modularity, seconds, communities."""
import json
import sys
import time
from array import array

import igraph as ig


def read_edges(links_file, node_count):
    values = array('i')
    with open(links_file, 'rb') as handle:
        values.frombytes(handle.read())
    if sys.byteorder != 'little':
        values.byteswap()
    edges = []
    source = -1
    for value in values:
        if value < 0:
            source = -value - 1
            if source >= node_count:
                source = -1
        elif value > 0 and source >= 0 and value <= node_count:
            edges.append((source, value - 1))
    return edges


def main():
    links_file, node_count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    graph = ig.Graph(n=node_count, edges=read_edges(links_file, node_count), directed=False)
    graph.simplify()
    ig.set_random_number_generator(__import__('random').Random(seed))
    start = time.perf_counter()
    partition = graph.community_leiden(objective_function='modularity', n_iterations=2)
    seconds = time.perf_counter() - start
    print(json.dumps({'modularity': graph.modularity(partition.membership), 'seconds': seconds, 'communities': len(partition)}))


main()
