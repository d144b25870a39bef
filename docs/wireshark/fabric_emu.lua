-- Wireshark and tshark dissector for the fields fabric-emu writes on UDP port 4793 in the packet traces of
-- `run --trace` (Ultra Ethernet's PDS fields, the baseline transport, back-to-sender notices): the layout of
-- docs/results.md, "Packet traces". It is the emulator's own layout, not UE 1.0's wire format.
-- Load it for one command:  tshark -X lua_script:docs/wireshark/fabric_emu.lua -r trace.pcapng
-- or for good: copy it into Wireshark's personal Lua plugins folder (Help > About > Folders).
-- Fields: fabemu.kind, fabemu.psn, fabemu.flow, fabemu.ack_psn, fabemu.sack_bitmap, ... (filter with them).
local proto = Proto("fabemu", "fabric-emu transport fields")

local kinds = { [1] = "DATA", [2] = "ACK", [3] = "NACK", [4] = "CREDIT", [5] = "CREDIT_REQUEST",
                [6] = "NAK_SEQUENCE", [7] = "NAK_RNR", [8] = "CNP", [9] = "BTS" }
local bodies = { [0] = "none", [1] = "PDS request", [2] = "PDS ACK_CC", [3] = "back-to-sender notice" }
local causes = { [0] = "early", [1] = "drop" }

local f = {
    version = ProtoField.uint8("fabemu.version", "Layout version"),
    kind = ProtoField.uint8("fabemu.kind", "Packet kind", base.DEC, kinds),
    flags = ProtoField.uint8("fabemu.flags", "Flags", base.HEX),
    ecn_echo = ProtoField.bool("fabemu.flags.ecn_echo", "ECN echo", 8, nil, 0x01),
    trimmed = ProtoField.bool("fabemu.flags.trimmed", "Trimmed", 8, nil, 0x02),
    syn = ProtoField.bool("fabemu.flags.syn", "SYN", 8, nil, 0x04),
    ar = ProtoField.bool("fabemu.flags.ar", "AR (ack request)", 8, nil, 0x08),
    rod = ProtoField.bool("fabemu.flags.rod", "ROD delivery", 8, nil, 0x10),
    rc = ProtoField.bool("fabemu.flags.restore_cwnd", "restore_cwnd", 8, nil, 0x20),
    body = ProtoField.uint8("fabemu.body", "Body", base.DEC, bodies),
    psn = ProtoField.uint32("fabemu.psn", "PSN"),
    flow = ProtoField.uint32("fabemu.flow", "Flow id"),
    pdc = ProtoField.uint16("fabemu.pdc", "PDC id"),
    entropy = ProtoField.uint16("fabemu.entropy", "Entropy", base.HEX),
    ccc = ProtoField.uint64("fabemu.ccc", "CCC id"),
    credit_target = ProtoField.int64("fabemu.credit_target", "Credit target bytes"),
    ack_psn = ProtoField.uint32("fabemu.ack_psn", "Acknowledged PSN"),
    pend = ProtoField.uint8("fabemu.rcv_cwnd_pend", "rcv_cwnd_pend"),
    ooo = ProtoField.uint8("fabemu.ooo", "Out-of-order count"),
    rcvd = ProtoField.uint64("fabemu.rcvd_bytes", "Received bytes"),
    service = ProtoField.uint64("fabemu.service_ps", "Service time (ps)"),
    credit = ProtoField.int64("fabemu.credit_bytes", "Credit bytes"),
    sack_base = ProtoField.int64("fabemu.sack_base", "SACK base PSN"),
    sack = ProtoField.uint64("fabemu.sack_bitmap", "SACK bitmap", base.HEX),
    cause = ProtoField.uint8("fabemu.cause", "Notice cause", base.DEC, causes),
    ecn_bit = ProtoField.uint8("fabemu.ecn_bit", "Notice ECN bit"),
    tclass = ProtoField.uint8("fabemu.traffic_class", "Traffic class"),
    switch = ProtoField.uint32("fabemu.switch", "Switch node"),
    port = ProtoField.uint32("fabemu.port", "Egress port"),
    queue = ProtoField.uint64("fabemu.queue_bytes", "Queue bytes"),
    delay = ProtoField.uint64("fabemu.queue_delay_ps", "Queue delay (ps)"),
    made = ProtoField.uint64("fabemu.made_ps", "Made at (ps)"),
}
local list = {}
for _, field in pairs(f) do
    list[#list + 1] = field
end
proto.fields = list

-- Adds the field at offset..offset+size when the capture holds it: a header-only packet is cut at its size.
local function add(tree, field, buf, offset, size)
    if buf:len() >= offset + size then
        return tree:add(field, buf(offset, size))
    end
    return nil
end

function proto.dissector(buf, pinfo, root)
    if buf:len() < 16 then
        return 0
    end
    pinfo.cols.protocol = "fabric-emu"
    local tree = root:add(proto, buf(0, math.min(buf:len(), 64)))
    local kind = buf(1, 1):uint()
    local body = buf(3, 1):uint()
    add(tree, f.version, buf, 0, 1)
    add(tree, f.kind, buf, 1, 1)
    local flags = add(tree, f.flags, buf, 2, 1)
    for _, bit in ipairs({ f.ecn_echo, f.trimmed, f.syn, f.ar, f.rod, f.rc }) do
        flags:add(bit, buf(2, 1))
    end
    add(tree, f.body, buf, 3, 1)
    add(tree, f.psn, buf, 4, 4)
    add(tree, f.flow, buf, 8, 4)
    add(tree, f.pdc, buf, 12, 2)
    add(tree, f.entropy, buf, 14, 2)
    if body == 1 then
        add(tree, f.ccc, buf, 16, 8)
        add(tree, f.credit_target, buf, 24, 8)
    elseif body == 2 then
        add(tree, f.ack_psn, buf, 16, 4)
        add(tree, f.pend, buf, 20, 1)
        add(tree, f.ooo, buf, 21, 1)
        add(tree, f.rcvd, buf, 24, 8)
        add(tree, f.service, buf, 32, 8)
        add(tree, f.credit, buf, 40, 8)
        add(tree, f.sack_base, buf, 48, 8)
        add(tree, f.sack, buf, 56, 8)
    elseif body == 3 then
        add(tree, f.cause, buf, 16, 1)
        add(tree, f.ecn_bit, buf, 17, 1)
        add(tree, f.tclass, buf, 18, 1)
        add(tree, f.switch, buf, 20, 4)
        add(tree, f.port, buf, 24, 4)
        add(tree, f.queue, buf, 32, 8)
        add(tree, f.delay, buf, 40, 8)
        add(tree, f.made, buf, 48, 8)
    end
    pinfo.cols.info = string.format("%s flow %d PSN %d", kinds[kind] or ("kind " .. kind), buf(8, 4):uint(),
        buf(4, 4):uint())
    return buf:len()
end

DissectorTable.get("udp.port"):add(4793, proto)
