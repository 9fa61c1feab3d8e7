; ModuleID = "golden_attention_gradient"
target triple = "unknown-unknown-unknown"
target datalayout = ""

define internal void @"golden_attention_gradient_body"(i64 %".1", i64 %".2", i64 %".3", i64 %".4", i64 %".5", i64 %".6", i64 %".7", i64 %".8", i64 %".9", i64 %".10", i64 %".11", i64 %".12", i64 %".13", float* noalias %".14", i64 %".15", float* noalias %".16", i64 %".17", float* noalias %".18", i64 %".19", float* noalias %".20", i64 %".21", float* noalias %".22", i64 %".23", i64* noalias %".24", i64 %".25", i64* noalias %".26", i64 %".27", float* noalias %".28", i64 %".29", float* noalias %".30", i64 %".31") noinline
{
entry:
  %".36" = alloca <8 x float>
  %".37" = alloca <8 x float>
  %".38" = alloca <8 x float>
  %".39" = alloca <8 x float>
  %".40" = alloca <8 x float>
  %".41" = alloca <8 x float>
  %".42" = alloca <8 x float>
  %".43" = alloca <8 x float>
  %".44" = alloca <8 x float>
  %".45" = alloca <8 x float>
  %".46" = alloca <8 x float>
  %".47" = alloca <8 x float>
  %".48" = alloca <8 x float>
  %".49" = alloca <8 x float>
  %".50" = alloca <8 x float>
  %".51" = alloca <8 x float>
  %".52" = alloca <8 x float>
  %".53" = alloca <8 x float>
  %".54" = alloca <8 x float>
  %".55" = alloca <8 x float>
  %".66" = alloca i64
  %".118" = alloca i64
  %".131" = alloca i64
  %".139" = alloca i64
  %".279" = alloca i64
  %".292" = alloca i64
  %".300" = alloca i64
  %".450" = alloca i64
  %".460" = alloca i64
  %".462" = alloca i64
  %".464" = alloca i64
  %".495" = alloca i64
  %".503" = alloca i64
  %".655" = alloca i64
  %".831" = alloca i64
  %".842" = alloca <8 x float>
  %".848" = alloca i64
  %".903" = alloca i64
  %".957" = alloca <8 x float>
  %".961" = alloca i64
  %".1076" = alloca i64
  %".1120" = alloca i64
  %".1128" = alloca i64
  %".1280" = alloca i64
  %".1462" = alloca i64
  %".1470" = alloca i64
  %".1592" = alloca i64
  %".1730" = alloca i64
  %".1743" = alloca <8 x float>
  %".1747" = alloca i64
  %".1801" = alloca i64
  %".1858" = alloca i64
  %".1912" = alloca i64
  %".1924" = alloca i64
  %".1936" = alloca i64
  %".2057" = alloca i64
  %".2204" = alloca i64
  %".2212" = alloca i64
  %".2334" = alloca i64
  br label %"start"
start:
  %".33" = atomicrmw add i64* %".26", i64 1 monotonic
  %".34" = mul i64 %".33", %".12"
  %".35" = getelementptr float, float* %".28", i64 %".34"
  %".56" = inttoptr i64 %".4" to i64*
  %".57" = icmp sgt i64 %".2", 1
  %".58" = select  i1 %".57", i64 %".2", i64 1
  br label %"item"
item:
  %".60" = atomicrmw add i64* %".56", i64 %".58" monotonic
  %".61" = icmp slt i64 %".60", %".3"
  br i1 %".61", label %"work", label %"done"
work:
  %".63" = add i64 %".60", %".58"
  %".64" = icmp slt i64 %".63", %".3"
  %".65" = select  i1 %".64", i64 %".63", i64 %".3"
  store i64 %".60", i64* %".66"
  br label %"head"
done:
  ret void
head:
  %".69" = load i64, i64* %".66"
  %".70" = icmp slt i64 %".69", %".65"
  br i1 %".70", label %"body", label %"done.1"
body:
  %".72" = add i64 %".6", 23
  %".73" = sdiv i64 %".72", 24
  %".74" = mul i64 %".73", 24
  %".75" = add i64 %".7", 7
  %".76" = sdiv i64 %".75", 8
  %".77" = mul i64 %".76", 8
  %".78" = mul i64 %".5", %".7"
  %".79" = mul i64 %".69", %".78"
  %".80" = getelementptr float, float* %".14", i64 %".79"
  %".81" = mul i64 %".6", %".7"
  %".82" = mul i64 %".69", %".81"
  %".83" = getelementptr float, float* %".16", i64 %".82"
  %".84" = mul i64 %".6", %".8"
  %".85" = mul i64 %".69", %".84"
  %".86" = getelementptr float, float* %".18", i64 %".85"
  %".87" = mul i64 %".5", %".8"
  %".88" = mul i64 %".69", %".87"
  %".89" = getelementptr float, float* %".20", i64 %".88"
  %".90" = mul i64 %".69", %".10"
  %".91" = getelementptr float, float* %".22", i64 %".90"
  %".92" = mul i64 %".69", %".11"
  %".93" = getelementptr i64, i64* %".24", i64 %".92"
  %".94" = mul i64 %".77", 24
  %".95" = mul i64 %".73", %".94"
  %".96" = getelementptr float, float* %".35", i64 %".95"
  %".97" = getelementptr float, float* %".96", i64 %".95"
  %".98" = mul i64 48, %".74"
  %".99" = getelementptr float, float* %".97", i64 %".98"
  %".100" = mul i64 %".5", %".7"
  %".101" = mul i64 %".69", %".100"
  %".102" = getelementptr float, float* %".30", i64 %".101"
  %".103" = mul i64 %".5", %".7"
  %".104" = mul i64 %".3", %".103"
  %".105" = mul i64 %".6", %".7"
  %".106" = mul i64 %".69", %".105"
  %".107" = add i64 %".104", %".106"
  %".108" = getelementptr float, float* %".30", i64 %".107"
  %".109" = mul i64 %".5", %".7"
  %".110" = mul i64 %".3", %".109"
  %".111" = mul i64 %".6", %".7"
  %".112" = mul i64 %".3", %".111"
  %".113" = add i64 %".110", %".112"
  %".114" = mul i64 %".6", %".8"
  %".115" = mul i64 %".69", %".114"
  %".116" = add i64 %".113", %".115"
  %".117" = getelementptr float, float* %".30", i64 %".116"
  store i64 0, i64* %".118"
  br label %"head.1"
done.1:
  br label %"item"
head.1:
  %".121" = load i64, i64* %".118"
  %".122" = icmp slt i64 %".121", %".73"
  br i1 %".122", label %"body.1", label %"done.2"
body.1:
  %".124" = mul i64 %".77", 24
  %".125" = mul i64 %".121", %".124"
  %".126" = getelementptr float, float* %".35", i64 %".125"
  %".127" = mul i64 %".121", 24
  %".128" = add i64 %".7", 7
  %".129" = sdiv i64 %".128", 8
  %".130" = sub i64 %".6", 1
  store i64 0, i64* %".131"
  br label %"head.2"
done.2:
  store i64 0, i64* %".279"
  br label %"head.4"
head.2:
  %".134" = load i64, i64* %".131"
  %".135" = icmp slt i64 %".134", 3
  br i1 %".135", label %"body.2", label %"done.3"
body.2:
  %".137" = mul i64 %".134", 8
  %".138" = add i64 %".127", %".137"
  store i64 0, i64* %".139"
  br label %"head.3"
done.3:
  %".276" = add nsw i64 %".121", 1
  store i64 %".276", i64* %".118"
  br label %"head.1"
head.3:
  %".142" = load i64, i64* %".139"
  %".143" = icmp slt i64 %".142", %".129"
  br i1 %".143", label %"body.3", label %"done.4"
body.3:
  %".145" = mul i64 %".142", 8
  %".146" = add i64 0, %".145"
  %".147" = sub i64 %".7", %".145"
  %".148" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 0, i64 0
  %".149" = shufflevector <8 x i64> %".148", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".150" = add <8 x i64> %".149", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".151" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".147", i64 0
  %".152" = shufflevector <8 x i64> %".151", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".153" = icmp slt <8 x i64> %".150", %".152"
  %".154" = add i64 %".138", 0
  %".155" = icmp slt i64 %".154", %".6"
  %".156" = select  i1 %".155", i64 %".154", i64 %".130"
  %".157" = mul i64 %".156", %".7"
  %".158" = add i64 %".157", %".146"
  %".159" = getelementptr float, float* %".83", i64 %".158"
  %".160" = bitcast float* %".159" to <8 x float>*
  %".161" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".160", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".162" = add i64 %".138", 1
  %".163" = icmp slt i64 %".162", %".6"
  %".164" = select  i1 %".163", i64 %".162", i64 %".130"
  %".165" = mul i64 %".164", %".7"
  %".166" = add i64 %".165", %".146"
  %".167" = getelementptr float, float* %".83", i64 %".166"
  %".168" = bitcast float* %".167" to <8 x float>*
  %".169" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".168", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".170" = add i64 %".138", 2
  %".171" = icmp slt i64 %".170", %".6"
  %".172" = select  i1 %".171", i64 %".170", i64 %".130"
  %".173" = mul i64 %".172", %".7"
  %".174" = add i64 %".173", %".146"
  %".175" = getelementptr float, float* %".83", i64 %".174"
  %".176" = bitcast float* %".175" to <8 x float>*
  %".177" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".176", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".178" = add i64 %".138", 3
  %".179" = icmp slt i64 %".178", %".6"
  %".180" = select  i1 %".179", i64 %".178", i64 %".130"
  %".181" = mul i64 %".180", %".7"
  %".182" = add i64 %".181", %".146"
  %".183" = getelementptr float, float* %".83", i64 %".182"
  %".184" = bitcast float* %".183" to <8 x float>*
  %".185" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".184", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".186" = add i64 %".138", 4
  %".187" = icmp slt i64 %".186", %".6"
  %".188" = select  i1 %".187", i64 %".186", i64 %".130"
  %".189" = mul i64 %".188", %".7"
  %".190" = add i64 %".189", %".146"
  %".191" = getelementptr float, float* %".83", i64 %".190"
  %".192" = bitcast float* %".191" to <8 x float>*
  %".193" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".192", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".194" = add i64 %".138", 5
  %".195" = icmp slt i64 %".194", %".6"
  %".196" = select  i1 %".195", i64 %".194", i64 %".130"
  %".197" = mul i64 %".196", %".7"
  %".198" = add i64 %".197", %".146"
  %".199" = getelementptr float, float* %".83", i64 %".198"
  %".200" = bitcast float* %".199" to <8 x float>*
  %".201" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".200", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".202" = add i64 %".138", 6
  %".203" = icmp slt i64 %".202", %".6"
  %".204" = select  i1 %".203", i64 %".202", i64 %".130"
  %".205" = mul i64 %".204", %".7"
  %".206" = add i64 %".205", %".146"
  %".207" = getelementptr float, float* %".83", i64 %".206"
  %".208" = bitcast float* %".207" to <8 x float>*
  %".209" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".208", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".210" = add i64 %".138", 7
  %".211" = icmp slt i64 %".210", %".6"
  %".212" = select  i1 %".211", i64 %".210", i64 %".130"
  %".213" = mul i64 %".212", %".7"
  %".214" = add i64 %".213", %".146"
  %".215" = getelementptr float, float* %".83", i64 %".214"
  %".216" = bitcast float* %".215" to <8 x float>*
  %".217" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".216", i32 4, <8 x i1> %".153", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".218" = mul i64 %".145", 24
  %".219" = mul i64 %".134", 8
  %".220" = add i64 %".218", %".219"
  %".221" = getelementptr float, float* %".126", i64 %".220"
  %".222" = shufflevector <8 x float> %".161", <8 x float> %".193", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".223" = shufflevector <8 x float> %".161", <8 x float> %".193", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".224" = shufflevector <8 x float> %".169", <8 x float> %".201", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".225" = shufflevector <8 x float> %".169", <8 x float> %".201", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".226" = shufflevector <8 x float> %".177", <8 x float> %".209", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".227" = shufflevector <8 x float> %".177", <8 x float> %".209", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".228" = shufflevector <8 x float> %".185", <8 x float> %".217", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".229" = shufflevector <8 x float> %".185", <8 x float> %".217", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".230" = shufflevector <8 x float> %".222", <8 x float> %".226", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".231" = shufflevector <8 x float> %".222", <8 x float> %".226", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".232" = shufflevector <8 x float> %".224", <8 x float> %".228", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".233" = shufflevector <8 x float> %".224", <8 x float> %".228", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".234" = shufflevector <8 x float> %".223", <8 x float> %".227", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".235" = shufflevector <8 x float> %".223", <8 x float> %".227", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".236" = shufflevector <8 x float> %".225", <8 x float> %".229", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".237" = shufflevector <8 x float> %".225", <8 x float> %".229", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".238" = shufflevector <8 x float> %".230", <8 x float> %".232", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".239" = shufflevector <8 x float> %".230", <8 x float> %".232", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".240" = shufflevector <8 x float> %".231", <8 x float> %".233", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".241" = shufflevector <8 x float> %".231", <8 x float> %".233", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".242" = shufflevector <8 x float> %".234", <8 x float> %".236", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".243" = shufflevector <8 x float> %".234", <8 x float> %".236", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".244" = shufflevector <8 x float> %".235", <8 x float> %".237", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".245" = shufflevector <8 x float> %".235", <8 x float> %".237", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".246" = getelementptr float, float* %".221", i64 0
  %".247" = bitcast float* %".246" to <8 x float>*
  store <8 x float> %".238", <8 x float>* %".247", align 32
  %".249" = getelementptr float, float* %".221", i64 24
  %".250" = bitcast float* %".249" to <8 x float>*
  store <8 x float> %".239", <8 x float>* %".250", align 32
  %".252" = getelementptr float, float* %".221", i64 48
  %".253" = bitcast float* %".252" to <8 x float>*
  store <8 x float> %".240", <8 x float>* %".253", align 32
  %".255" = getelementptr float, float* %".221", i64 72
  %".256" = bitcast float* %".255" to <8 x float>*
  store <8 x float> %".241", <8 x float>* %".256", align 32
  %".258" = getelementptr float, float* %".221", i64 96
  %".259" = bitcast float* %".258" to <8 x float>*
  store <8 x float> %".242", <8 x float>* %".259", align 32
  %".261" = getelementptr float, float* %".221", i64 120
  %".262" = bitcast float* %".261" to <8 x float>*
  store <8 x float> %".243", <8 x float>* %".262", align 32
  %".264" = getelementptr float, float* %".221", i64 144
  %".265" = bitcast float* %".264" to <8 x float>*
  store <8 x float> %".244", <8 x float>* %".265", align 32
  %".267" = getelementptr float, float* %".221", i64 168
  %".268" = bitcast float* %".267" to <8 x float>*
  store <8 x float> %".245", <8 x float>* %".268", align 32
  %".270" = add nsw i64 %".142", 1
  store i64 %".270", i64* %".139"
  br label %"head.3"
done.4:
  %".273" = add nsw i64 %".134", 1
  store i64 %".273", i64* %".131"
  br label %"head.2"
head.4:
  %".282" = load i64, i64* %".279"
  %".283" = icmp slt i64 %".282", %".73"
  br i1 %".283", label %"body.4", label %"done.5"
body.4:
  %".285" = mul i64 %".77", 24
  %".286" = mul i64 %".282", %".285"
  %".287" = getelementptr float, float* %".96", i64 %".286"
  %".288" = mul i64 %".282", 24
  %".289" = add i64 %".8", 7
  %".290" = sdiv i64 %".289", 8
  %".291" = sub i64 %".6", 1
  store i64 0, i64* %".292"
  br label %"head.5"
done.5:
  %".440" = mul i64 %".6", %".7"
  %".441" = bitcast float* %".108" to i8*
  %".442" = mul i64 %".440", 4
  call void @"llvm.memset.p0.i64"(i8* %".441", i8 0, i64 %".442", i1 0)
  %".444" = mul i64 %".6", %".8"
  %".445" = bitcast float* %".117" to i8*
  %".446" = mul i64 %".444", 4
  call void @"llvm.memset.p0.i64"(i8* %".445", i8 0, i64 %".446", i1 0)
  %".448" = add i64 %".5", 47
  %".449" = sdiv i64 %".448", 48
  store i64 0, i64* %".450"
  br label %"head.7"
head.5:
  %".295" = load i64, i64* %".292"
  %".296" = icmp slt i64 %".295", 3
  br i1 %".296", label %"body.5", label %"done.6"
body.5:
  %".298" = mul i64 %".295", 8
  %".299" = add i64 %".288", %".298"
  store i64 0, i64* %".300"
  br label %"head.6"
done.6:
  %".437" = add nsw i64 %".282", 1
  store i64 %".437", i64* %".279"
  br label %"head.4"
head.6:
  %".303" = load i64, i64* %".300"
  %".304" = icmp slt i64 %".303", %".290"
  br i1 %".304", label %"body.6", label %"done.7"
body.6:
  %".306" = mul i64 %".303", 8
  %".307" = add i64 0, %".306"
  %".308" = sub i64 %".8", %".306"
  %".309" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 0, i64 0
  %".310" = shufflevector <8 x i64> %".309", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".311" = add <8 x i64> %".310", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".312" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".308", i64 0
  %".313" = shufflevector <8 x i64> %".312", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".314" = icmp slt <8 x i64> %".311", %".313"
  %".315" = add i64 %".299", 0
  %".316" = icmp slt i64 %".315", %".6"
  %".317" = select  i1 %".316", i64 %".315", i64 %".291"
  %".318" = mul i64 %".317", %".8"
  %".319" = add i64 %".318", %".307"
  %".320" = getelementptr float, float* %".86", i64 %".319"
  %".321" = bitcast float* %".320" to <8 x float>*
  %".322" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".321", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".323" = add i64 %".299", 1
  %".324" = icmp slt i64 %".323", %".6"
  %".325" = select  i1 %".324", i64 %".323", i64 %".291"
  %".326" = mul i64 %".325", %".8"
  %".327" = add i64 %".326", %".307"
  %".328" = getelementptr float, float* %".86", i64 %".327"
  %".329" = bitcast float* %".328" to <8 x float>*
  %".330" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".329", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".331" = add i64 %".299", 2
  %".332" = icmp slt i64 %".331", %".6"
  %".333" = select  i1 %".332", i64 %".331", i64 %".291"
  %".334" = mul i64 %".333", %".8"
  %".335" = add i64 %".334", %".307"
  %".336" = getelementptr float, float* %".86", i64 %".335"
  %".337" = bitcast float* %".336" to <8 x float>*
  %".338" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".337", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".339" = add i64 %".299", 3
  %".340" = icmp slt i64 %".339", %".6"
  %".341" = select  i1 %".340", i64 %".339", i64 %".291"
  %".342" = mul i64 %".341", %".8"
  %".343" = add i64 %".342", %".307"
  %".344" = getelementptr float, float* %".86", i64 %".343"
  %".345" = bitcast float* %".344" to <8 x float>*
  %".346" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".345", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".347" = add i64 %".299", 4
  %".348" = icmp slt i64 %".347", %".6"
  %".349" = select  i1 %".348", i64 %".347", i64 %".291"
  %".350" = mul i64 %".349", %".8"
  %".351" = add i64 %".350", %".307"
  %".352" = getelementptr float, float* %".86", i64 %".351"
  %".353" = bitcast float* %".352" to <8 x float>*
  %".354" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".353", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".355" = add i64 %".299", 5
  %".356" = icmp slt i64 %".355", %".6"
  %".357" = select  i1 %".356", i64 %".355", i64 %".291"
  %".358" = mul i64 %".357", %".8"
  %".359" = add i64 %".358", %".307"
  %".360" = getelementptr float, float* %".86", i64 %".359"
  %".361" = bitcast float* %".360" to <8 x float>*
  %".362" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".361", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".363" = add i64 %".299", 6
  %".364" = icmp slt i64 %".363", %".6"
  %".365" = select  i1 %".364", i64 %".363", i64 %".291"
  %".366" = mul i64 %".365", %".8"
  %".367" = add i64 %".366", %".307"
  %".368" = getelementptr float, float* %".86", i64 %".367"
  %".369" = bitcast float* %".368" to <8 x float>*
  %".370" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".369", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".371" = add i64 %".299", 7
  %".372" = icmp slt i64 %".371", %".6"
  %".373" = select  i1 %".372", i64 %".371", i64 %".291"
  %".374" = mul i64 %".373", %".8"
  %".375" = add i64 %".374", %".307"
  %".376" = getelementptr float, float* %".86", i64 %".375"
  %".377" = bitcast float* %".376" to <8 x float>*
  %".378" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".377", i32 4, <8 x i1> %".314", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".379" = mul i64 %".306", 24
  %".380" = mul i64 %".295", 8
  %".381" = add i64 %".379", %".380"
  %".382" = getelementptr float, float* %".287", i64 %".381"
  %".383" = shufflevector <8 x float> %".322", <8 x float> %".354", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".384" = shufflevector <8 x float> %".322", <8 x float> %".354", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".385" = shufflevector <8 x float> %".330", <8 x float> %".362", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".386" = shufflevector <8 x float> %".330", <8 x float> %".362", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".387" = shufflevector <8 x float> %".338", <8 x float> %".370", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".388" = shufflevector <8 x float> %".338", <8 x float> %".370", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".389" = shufflevector <8 x float> %".346", <8 x float> %".378", <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 10, i32 11>
  %".390" = shufflevector <8 x float> %".346", <8 x float> %".378", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 12, i32 13, i32 14, i32 15>
  %".391" = shufflevector <8 x float> %".383", <8 x float> %".387", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".392" = shufflevector <8 x float> %".383", <8 x float> %".387", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".393" = shufflevector <8 x float> %".385", <8 x float> %".389", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".394" = shufflevector <8 x float> %".385", <8 x float> %".389", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".395" = shufflevector <8 x float> %".384", <8 x float> %".388", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".396" = shufflevector <8 x float> %".384", <8 x float> %".388", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".397" = shufflevector <8 x float> %".386", <8 x float> %".390", <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 4, i32 5, i32 12, i32 13>
  %".398" = shufflevector <8 x float> %".386", <8 x float> %".390", <8 x i32> <i32 2, i32 3, i32 10, i32 11, i32 6, i32 7, i32 14, i32 15>
  %".399" = shufflevector <8 x float> %".391", <8 x float> %".393", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".400" = shufflevector <8 x float> %".391", <8 x float> %".393", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".401" = shufflevector <8 x float> %".392", <8 x float> %".394", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".402" = shufflevector <8 x float> %".392", <8 x float> %".394", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".403" = shufflevector <8 x float> %".395", <8 x float> %".397", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".404" = shufflevector <8 x float> %".395", <8 x float> %".397", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".405" = shufflevector <8 x float> %".396", <8 x float> %".398", <8 x i32> <i32 0, i32 8, i32 2, i32 10, i32 4, i32 12, i32 6, i32 14>
  %".406" = shufflevector <8 x float> %".396", <8 x float> %".398", <8 x i32> <i32 1, i32 9, i32 3, i32 11, i32 5, i32 13, i32 7, i32 15>
  %".407" = getelementptr float, float* %".382", i64 0
  %".408" = bitcast float* %".407" to <8 x float>*
  store <8 x float> %".399", <8 x float>* %".408", align 32
  %".410" = getelementptr float, float* %".382", i64 24
  %".411" = bitcast float* %".410" to <8 x float>*
  store <8 x float> %".400", <8 x float>* %".411", align 32
  %".413" = getelementptr float, float* %".382", i64 48
  %".414" = bitcast float* %".413" to <8 x float>*
  store <8 x float> %".401", <8 x float>* %".414", align 32
  %".416" = getelementptr float, float* %".382", i64 72
  %".417" = bitcast float* %".416" to <8 x float>*
  store <8 x float> %".402", <8 x float>* %".417", align 32
  %".419" = getelementptr float, float* %".382", i64 96
  %".420" = bitcast float* %".419" to <8 x float>*
  store <8 x float> %".403", <8 x float>* %".420", align 32
  %".422" = getelementptr float, float* %".382", i64 120
  %".423" = bitcast float* %".422" to <8 x float>*
  store <8 x float> %".404", <8 x float>* %".423", align 32
  %".425" = getelementptr float, float* %".382", i64 144
  %".426" = bitcast float* %".425" to <8 x float>*
  store <8 x float> %".405", <8 x float>* %".426", align 32
  %".428" = getelementptr float, float* %".382", i64 168
  %".429" = bitcast float* %".428" to <8 x float>*
  store <8 x float> %".406", <8 x float>* %".429", align 32
  %".431" = add nsw i64 %".303", 1
  store i64 %".431", i64* %".300"
  br label %"head.6"
done.7:
  %".434" = add nsw i64 %".295", 1
  store i64 %".434", i64* %".292"
  br label %"head.5"
head.7:
  %".453" = load i64, i64* %".450"
  %".454" = icmp slt i64 %".453", %".449"
  br i1 %".454", label %"body.7", label %"done.8"
body.7:
  %".456" = mul i64 %".453", 48
  %".457" = sub i64 %".5", %".456"
  %".458" = icmp slt i64 48, %".457"
  %".459" = select  i1 %".458", i64 48, i64 %".457"
  store i64 %".6", i64* %".460"
  store i64 0, i64* %".462"
  store i64 0, i64* %".464"
  br label %"head.8"
done.8:
  %".2475" = add nsw i64 %".69", 1
  store i64 %".2475", i64* %".66"
  br label %"head"
head.8:
  %".467" = load i64, i64* %".464"
  %".468" = icmp slt i64 %".467", %".459"
  br i1 %".468", label %"body.8", label %"done.9"
body.8:
  %".470" = add i64 %".456", %".467"
  %".471" = mul i64 %".470", 2
  %".472" = getelementptr i64, i64* %".93", i64 %".471"
  %".473" = load i64, i64* %".460"
  %".474" = load i64, i64* %".472"
  %".475" = icmp slt i64 %".473", %".474"
  %".476" = select  i1 %".475", i64 %".473", i64 %".474"
  store i64 %".476", i64* %".460"
  %".478" = getelementptr i64, i64* %".472", i64 1
  %".479" = load i64, i64* %".478"
  %".480" = load i64, i64* %".462"
  %".481" = icmp sgt i64 %".479", %".480"
  %".482" = load i64, i64* %".462"
  %".483" = select  i1 %".481", i64 %".479", i64 %".482"
  store i64 %".483", i64* %".462"
  %".485" = add nsw i64 %".467", 1
  store i64 %".485", i64* %".464"
  br label %"head.8"
done.9:
  %".488" = load i64, i64* %".460"
  %".489" = load i64, i64* %".462"
  %".490" = mul i64 %".456", %".7"
  %".491" = getelementptr float, float* %".80", i64 %".490"
  %".492" = sdiv i64 %".488", 24
  %".493" = add i64 %".489", 23
  %".494" = sdiv i64 %".493", 24
  store i64 %".492", i64* %".495"
  br label %"head.9"
head.9:
  %".498" = load i64, i64* %".495"
  %".499" = icmp slt i64 %".498", %".494"
  br i1 %".499", label %"body.9", label %"done.10"
body.9:
  %".501" = add i64 %".459", 3
  %".502" = sdiv i64 %".501", 4
  store i64 0, i64* %".503"
  br label %"head.10"
done.10:
  store i64 0, i64* %".831"
  br label %"head.12"
head.10:
  %".506" = load i64, i64* %".503"
  %".507" = icmp slt i64 %".506", %".502"
  br i1 %".507", label %"body.10", label %"done.11"
body.10:
  %".509" = mul i64 %".77", 24
  %".510" = mul i64 %".498", %".509"
  %".511" = getelementptr float, float* %".35", i64 %".510"
  %".512" = mul i64 %".506", 4
  %".513" = mul i64 %".498", 24
  %".514" = icmp sgt i64 0, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".36"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".37"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".38"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".39"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".40"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".41"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".42"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".43"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".44"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".45"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".46"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".47"
  br i1 %".514", label %"body.10.if", label %"body.10.endif"
done.11:
  %".828" = add nsw i64 %".498", 1
  store i64 %".828", i64* %".495"
  br label %"head.9"
body.10.if:
  %".528" = add i64 %".513", 0
  %".529" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".528", i64 0
  %".530" = shufflevector <8 x i64> %".529", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".531" = add <8 x i64> %".530", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".532" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".533" = shufflevector <8 x i64> %".532", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".534" = icmp slt <8 x i64> %".531", %".533"
  %".535" = add i64 %".513", 8
  %".536" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".535", i64 0
  %".537" = shufflevector <8 x i64> %".536", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".538" = add <8 x i64> %".537", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".539" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".540" = shufflevector <8 x i64> %".539", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".541" = icmp slt <8 x i64> %".538", %".540"
  %".542" = add i64 %".513", 16
  %".543" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".542", i64 0
  %".544" = shufflevector <8 x i64> %".543", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".545" = add <8 x i64> %".544", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".546" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".547" = shufflevector <8 x i64> %".546", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".548" = icmp slt <8 x i64> %".545", %".547"
  %".549" = add i64 %".512", 0
  %".550" = icmp slt i64 %".549", %".459"
  br i1 %".550", label %"body.10.if.if", label %"body.10.if.endif"
body.10.endif:
  %".626" = sub i64 %".459", 1
  %".627" = add i64 %".512", 0
  %".628" = icmp slt i64 %".627", %".459"
  %".629" = select  i1 %".628", i64 %".627", i64 %".626"
  %".630" = mul i64 %".629", %".7"
  %".631" = mul i64 0, 1
  %".632" = add i64 %".630", %".631"
  %".633" = getelementptr float, float* %".491", i64 %".632"
  %".634" = add i64 %".512", 1
  %".635" = icmp slt i64 %".634", %".459"
  %".636" = select  i1 %".635", i64 %".634", i64 %".626"
  %".637" = mul i64 %".636", %".7"
  %".638" = mul i64 0, 1
  %".639" = add i64 %".637", %".638"
  %".640" = getelementptr float, float* %".491", i64 %".639"
  %".641" = add i64 %".512", 2
  %".642" = icmp slt i64 %".641", %".459"
  %".643" = select  i1 %".642", i64 %".641", i64 %".626"
  %".644" = mul i64 %".643", %".7"
  %".645" = mul i64 0, 1
  %".646" = add i64 %".644", %".645"
  %".647" = getelementptr float, float* %".491", i64 %".646"
  %".648" = add i64 %".512", 3
  %".649" = icmp slt i64 %".648", %".459"
  %".650" = select  i1 %".649", i64 %".648", i64 %".626"
  %".651" = mul i64 %".650", %".7"
  %".652" = mul i64 0, 1
  %".653" = add i64 %".651", %".652"
  %".654" = getelementptr float, float* %".491", i64 %".653"
  store i64 0, i64* %".655"
  br label %"head.11"
body.10.if.if:
  %".552" = mul i64 %".549", %".74"
  %".553" = add i64 %".552", %".513"
  %".554" = getelementptr float, float* %".97", i64 %".553"
  %".555" = getelementptr float, float* %".554", i64 0
  %".556" = bitcast float* %".555" to <8 x float>*
  %".557" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".556", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".557", <8 x float>* %".36"
  %".559" = getelementptr float, float* %".554", i64 8
  %".560" = bitcast float* %".559" to <8 x float>*
  %".561" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".560", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".561", <8 x float>* %".37"
  %".563" = getelementptr float, float* %".554", i64 16
  %".564" = bitcast float* %".563" to <8 x float>*
  %".565" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".564", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".565", <8 x float>* %".38"
  br label %"body.10.if.endif"
body.10.if.endif:
  %".568" = add i64 %".512", 1
  %".569" = icmp slt i64 %".568", %".459"
  br i1 %".569", label %"body.10.if.endif.if", label %"body.10.if.endif.endif"
body.10.if.endif.if:
  %".571" = mul i64 %".568", %".74"
  %".572" = add i64 %".571", %".513"
  %".573" = getelementptr float, float* %".97", i64 %".572"
  %".574" = getelementptr float, float* %".573", i64 0
  %".575" = bitcast float* %".574" to <8 x float>*
  %".576" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".575", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".576", <8 x float>* %".39"
  %".578" = getelementptr float, float* %".573", i64 8
  %".579" = bitcast float* %".578" to <8 x float>*
  %".580" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".579", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".580", <8 x float>* %".40"
  %".582" = getelementptr float, float* %".573", i64 16
  %".583" = bitcast float* %".582" to <8 x float>*
  %".584" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".583", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".584", <8 x float>* %".41"
  br label %"body.10.if.endif.endif"
body.10.if.endif.endif:
  %".587" = add i64 %".512", 2
  %".588" = icmp slt i64 %".587", %".459"
  br i1 %".588", label %"body.10.if.endif.endif.if", label %"body.10.if.endif.endif.endif"
body.10.if.endif.endif.if:
  %".590" = mul i64 %".587", %".74"
  %".591" = add i64 %".590", %".513"
  %".592" = getelementptr float, float* %".97", i64 %".591"
  %".593" = getelementptr float, float* %".592", i64 0
  %".594" = bitcast float* %".593" to <8 x float>*
  %".595" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".594", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".595", <8 x float>* %".42"
  %".597" = getelementptr float, float* %".592", i64 8
  %".598" = bitcast float* %".597" to <8 x float>*
  %".599" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".598", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".599", <8 x float>* %".43"
  %".601" = getelementptr float, float* %".592", i64 16
  %".602" = bitcast float* %".601" to <8 x float>*
  %".603" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".602", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".603", <8 x float>* %".44"
  br label %"body.10.if.endif.endif.endif"
body.10.if.endif.endif.endif:
  %".606" = add i64 %".512", 3
  %".607" = icmp slt i64 %".606", %".459"
  br i1 %".607", label %"body.10.if.endif.endif.endif.if", label %"body.10.if.endif.endif.endif.endif"
body.10.if.endif.endif.endif.if:
  %".609" = mul i64 %".606", %".74"
  %".610" = add i64 %".609", %".513"
  %".611" = getelementptr float, float* %".97", i64 %".610"
  %".612" = getelementptr float, float* %".611", i64 0
  %".613" = bitcast float* %".612" to <8 x float>*
  %".614" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".613", i32 4, <8 x i1> %".534", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".614", <8 x float>* %".45"
  %".616" = getelementptr float, float* %".611", i64 8
  %".617" = bitcast float* %".616" to <8 x float>*
  %".618" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".617", i32 4, <8 x i1> %".541", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".618", <8 x float>* %".46"
  %".620" = getelementptr float, float* %".611", i64 16
  %".621" = bitcast float* %".620" to <8 x float>*
  %".622" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".621", i32 4, <8 x i1> %".548", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".622", <8 x float>* %".47"
  br label %"body.10.if.endif.endif.endif.endif"
body.10.if.endif.endif.endif.endif:
  br label %"body.10.endif"
head.11:
  %".658" = load i64, i64* %".655"
  %".659" = icmp slt i64 %".658", %".7"
  br i1 %".659", label %"body.11", label %"done.12"
body.11:
  %".661" = mul i64 %".658", 24
  %".662" = getelementptr float, float* %".511", i64 %".661"
  %".663" = getelementptr float, float* %".662", i64 0
  %".664" = bitcast float* %".663" to <8 x float>*
  %".665" = load <8 x float>, <8 x float>* %".664", align 4
  %".666" = getelementptr float, float* %".662", i64 8
  %".667" = bitcast float* %".666" to <8 x float>*
  %".668" = load <8 x float>, <8 x float>* %".667", align 4
  %".669" = getelementptr float, float* %".662", i64 16
  %".670" = bitcast float* %".669" to <8 x float>*
  %".671" = load <8 x float>, <8 x float>* %".670", align 4
  %".672" = mul i64 %".658", 1
  %".673" = getelementptr float, float* %".633", i64 %".672"
  %".674" = load float, float* %".673"
  %".675" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".674", i64 0
  %".676" = shufflevector <8 x float> %".675", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".677" = load <8 x float>, <8 x float>* %".36"
  %".678" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".665", <8 x float> %".677")
  store <8 x float> %".678", <8 x float>* %".36"
  %".680" = load <8 x float>, <8 x float>* %".37"
  %".681" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".668", <8 x float> %".680")
  store <8 x float> %".681", <8 x float>* %".37"
  %".683" = load <8 x float>, <8 x float>* %".38"
  %".684" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".676", <8 x float> %".671", <8 x float> %".683")
  store <8 x float> %".684", <8 x float>* %".38"
  %".686" = getelementptr float, float* %".640", i64 %".672"
  %".687" = load float, float* %".686"
  %".688" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".687", i64 0
  %".689" = shufflevector <8 x float> %".688", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".690" = load <8 x float>, <8 x float>* %".39"
  %".691" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".665", <8 x float> %".690")
  store <8 x float> %".691", <8 x float>* %".39"
  %".693" = load <8 x float>, <8 x float>* %".40"
  %".694" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".668", <8 x float> %".693")
  store <8 x float> %".694", <8 x float>* %".40"
  %".696" = load <8 x float>, <8 x float>* %".41"
  %".697" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".689", <8 x float> %".671", <8 x float> %".696")
  store <8 x float> %".697", <8 x float>* %".41"
  %".699" = getelementptr float, float* %".647", i64 %".672"
  %".700" = load float, float* %".699"
  %".701" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".700", i64 0
  %".702" = shufflevector <8 x float> %".701", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".703" = load <8 x float>, <8 x float>* %".42"
  %".704" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".665", <8 x float> %".703")
  store <8 x float> %".704", <8 x float>* %".42"
  %".706" = load <8 x float>, <8 x float>* %".43"
  %".707" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".668", <8 x float> %".706")
  store <8 x float> %".707", <8 x float>* %".43"
  %".709" = load <8 x float>, <8 x float>* %".44"
  %".710" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".702", <8 x float> %".671", <8 x float> %".709")
  store <8 x float> %".710", <8 x float>* %".44"
  %".712" = getelementptr float, float* %".654", i64 %".672"
  %".713" = load float, float* %".712"
  %".714" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".713", i64 0
  %".715" = shufflevector <8 x float> %".714", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".716" = load <8 x float>, <8 x float>* %".45"
  %".717" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".665", <8 x float> %".716")
  store <8 x float> %".717", <8 x float>* %".45"
  %".719" = load <8 x float>, <8 x float>* %".46"
  %".720" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".668", <8 x float> %".719")
  store <8 x float> %".720", <8 x float>* %".46"
  %".722" = load <8 x float>, <8 x float>* %".47"
  %".723" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".715", <8 x float> %".671", <8 x float> %".722")
  store <8 x float> %".723", <8 x float>* %".47"
  %".725" = add nsw i64 %".658", 1
  store i64 %".725", i64* %".655"
  br label %"head.11"
done.12:
  %".728" = add i64 %".513", 0
  %".729" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".728", i64 0
  %".730" = shufflevector <8 x i64> %".729", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".731" = add <8 x i64> %".730", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".732" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".733" = shufflevector <8 x i64> %".732", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".734" = icmp slt <8 x i64> %".731", %".733"
  %".735" = add i64 %".513", 8
  %".736" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".735", i64 0
  %".737" = shufflevector <8 x i64> %".736", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".738" = add <8 x i64> %".737", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".739" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".740" = shufflevector <8 x i64> %".739", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".741" = icmp slt <8 x i64> %".738", %".740"
  %".742" = add i64 %".513", 16
  %".743" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".742", i64 0
  %".744" = shufflevector <8 x i64> %".743", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".745" = add <8 x i64> %".744", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".746" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".747" = shufflevector <8 x i64> %".746", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".748" = icmp slt <8 x i64> %".745", %".747"
  %".749" = add i64 %".512", 0
  %".750" = icmp slt i64 %".749", %".459"
  br i1 %".750", label %"done.12.if", label %"done.12.endif"
done.12.if:
  %".752" = mul i64 %".749", %".74"
  %".753" = add i64 %".752", %".513"
  %".754" = getelementptr float, float* %".97", i64 %".753"
  %".755" = getelementptr float, float* %".754", i64 0
  %".756" = bitcast float* %".755" to <8 x float>*
  %".757" = load <8 x float>, <8 x float>* %".36"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".757", <8 x float>* %".756", i32 4, <8 x i1> %".734")
  %".759" = getelementptr float, float* %".754", i64 8
  %".760" = bitcast float* %".759" to <8 x float>*
  %".761" = load <8 x float>, <8 x float>* %".37"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".761", <8 x float>* %".760", i32 4, <8 x i1> %".741")
  %".763" = getelementptr float, float* %".754", i64 16
  %".764" = bitcast float* %".763" to <8 x float>*
  %".765" = load <8 x float>, <8 x float>* %".38"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".765", <8 x float>* %".764", i32 4, <8 x i1> %".748")
  br label %"done.12.endif"
done.12.endif:
  %".768" = add i64 %".512", 1
  %".769" = icmp slt i64 %".768", %".459"
  br i1 %".769", label %"done.12.endif.if", label %"done.12.endif.endif"
done.12.endif.if:
  %".771" = mul i64 %".768", %".74"
  %".772" = add i64 %".771", %".513"
  %".773" = getelementptr float, float* %".97", i64 %".772"
  %".774" = getelementptr float, float* %".773", i64 0
  %".775" = bitcast float* %".774" to <8 x float>*
  %".776" = load <8 x float>, <8 x float>* %".39"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".776", <8 x float>* %".775", i32 4, <8 x i1> %".734")
  %".778" = getelementptr float, float* %".773", i64 8
  %".779" = bitcast float* %".778" to <8 x float>*
  %".780" = load <8 x float>, <8 x float>* %".40"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".780", <8 x float>* %".779", i32 4, <8 x i1> %".741")
  %".782" = getelementptr float, float* %".773", i64 16
  %".783" = bitcast float* %".782" to <8 x float>*
  %".784" = load <8 x float>, <8 x float>* %".41"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".784", <8 x float>* %".783", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.endif"
done.12.endif.endif:
  %".787" = add i64 %".512", 2
  %".788" = icmp slt i64 %".787", %".459"
  br i1 %".788", label %"done.12.endif.endif.if", label %"done.12.endif.endif.endif"
done.12.endif.endif.if:
  %".790" = mul i64 %".787", %".74"
  %".791" = add i64 %".790", %".513"
  %".792" = getelementptr float, float* %".97", i64 %".791"
  %".793" = getelementptr float, float* %".792", i64 0
  %".794" = bitcast float* %".793" to <8 x float>*
  %".795" = load <8 x float>, <8 x float>* %".42"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".795", <8 x float>* %".794", i32 4, <8 x i1> %".734")
  %".797" = getelementptr float, float* %".792", i64 8
  %".798" = bitcast float* %".797" to <8 x float>*
  %".799" = load <8 x float>, <8 x float>* %".43"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".799", <8 x float>* %".798", i32 4, <8 x i1> %".741")
  %".801" = getelementptr float, float* %".792", i64 16
  %".802" = bitcast float* %".801" to <8 x float>*
  %".803" = load <8 x float>, <8 x float>* %".44"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".803", <8 x float>* %".802", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.endif.endif"
done.12.endif.endif.endif:
  %".806" = add i64 %".512", 3
  %".807" = icmp slt i64 %".806", %".459"
  br i1 %".807", label %"done.12.endif.endif.endif.if", label %"done.12.endif.endif.endif.endif"
done.12.endif.endif.endif.if:
  %".809" = mul i64 %".806", %".74"
  %".810" = add i64 %".809", %".513"
  %".811" = getelementptr float, float* %".97", i64 %".810"
  %".812" = getelementptr float, float* %".811", i64 0
  %".813" = bitcast float* %".812" to <8 x float>*
  %".814" = load <8 x float>, <8 x float>* %".45"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".814", <8 x float>* %".813", i32 4, <8 x i1> %".734")
  %".816" = getelementptr float, float* %".811", i64 8
  %".817" = bitcast float* %".816" to <8 x float>*
  %".818" = load <8 x float>, <8 x float>* %".46"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".818", <8 x float>* %".817", i32 4, <8 x i1> %".741")
  %".820" = getelementptr float, float* %".811", i64 16
  %".821" = bitcast float* %".820" to <8 x float>*
  %".822" = load <8 x float>, <8 x float>* %".47"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".822", <8 x float>* %".821", i32 4, <8 x i1> %".748")
  br label %"done.12.endif.endif.endif.endif"
done.12.endif.endif.endif.endif:
  %".825" = add nsw i64 %".506", 1
  store i64 %".825", i64* %".503"
  br label %"head.10"
head.12:
  %".834" = load i64, i64* %".831"
  %".835" = icmp slt i64 %".834", %".459"
  br i1 %".835", label %"body.12", label %"done.13"
body.12:
  %".837" = mul i64 %".834", %".74"
  %".838" = getelementptr float, float* %".97", i64 %".837"
  %".839" = add i64 %".456", %".834"
  %".840" = mul i64 %".839", %".6"
  %".841" = getelementptr float, float* %".91", i64 %".840"
  store <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>, <8 x float>* %".842"
  %".844" = icmp ne i64 %".9", 0
  br i1 %".844", label %"body.12.if", label %"body.12.else"
done.13:
  %".1115" = mul i64 %".456", %".8"
  %".1116" = getelementptr float, float* %".89", i64 %".1115"
  %".1117" = sdiv i64 %".488", 24
  %".1118" = add i64 %".489", 23
  %".1119" = sdiv i64 %".1118", 24
  store i64 %".1117", i64* %".1120"
  br label %"head.17"
body.12.if:
  %".846" = sub i64 %".489", %".488"
  %".847" = sdiv i64 %".846", 8
  store i64 0, i64* %".848"
  br label %"head.13"
body.12.else:
  %".901" = sub i64 %".489", %".488"
  %".902" = sdiv i64 %".901", 8
  store i64 0, i64* %".903"
  br label %"head.14"
body.12.endif:
  %".940" = load <8 x float>, <8 x float>* %".842"
  %".941" = shufflevector <8 x float> %".940", <8 x float> %".940", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".942" = fcmp ogt <8 x float> %".941", %".940"
  %".943" = select  <8 x i1> %".942", <8 x float> %".941", <8 x float> %".940"
  %".944" = shufflevector <8 x float> %".943", <8 x float> %".943", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".945" = fcmp ogt <8 x float> %".944", %".943"
  %".946" = select  <8 x i1> %".945", <8 x float> %".944", <8 x float> %".943"
  %".947" = shufflevector <8 x float> %".946", <8 x float> %".946", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".948" = fcmp ogt <8 x float> %".947", %".946"
  %".949" = select  <8 x i1> %".948", <8 x float> %".947", <8 x float> %".946"
  %".950" = extractelement <8 x float> %".949", i64 0
  %".951" = fcmp ogt float %".950", 0xc7efffffe0000000
  %".952" = select  i1 %".951", float %".950", float 0xc7efffffe0000000
  %".953" = fcmp olt float %".952", 0x47efffffe0000000
  %".954" = select  i1 %".953", float %".952", float 0x47efffffe0000000
  %".955" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".954", i64 0
  %".956" = shufflevector <8 x float> %".955", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".957"
  %".959" = sub i64 %".489", %".488"
  %".960" = sdiv i64 %".959", 8
  store i64 0, i64* %".961"
  br label %"head.15"
head.13:
  %".851" = load i64, i64* %".848"
  %".852" = icmp slt i64 %".851", %".847"
  br i1 %".852", label %"body.13", label %"done.14"
body.13:
  %".854" = mul i64 %".851", 8
  %".855" = add i64 %".488", %".854"
  %".856" = getelementptr float, float* %".838", i64 %".855"
  %".857" = bitcast float* %".856" to <8 x float>*
  %".858" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".857", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".859" = getelementptr float, float* %".841", i64 %".855"
  %".860" = bitcast float* %".859" to <8 x float>*
  %".861" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".860", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".862" = fcmp une <8 x float> %".861", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".863" = select  <8 x i1> %".862", <8 x float> %".858", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>
  %".864" = getelementptr float, float* %".838", i64 %".855"
  %".865" = bitcast float* %".864" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".863", <8 x float>* %".865", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  %".867" = load <8 x float>, <8 x float>* %".842"
  %".868" = fcmp ogt <8 x float> %".863", %".867"
  %".869" = select  <8 x i1> %".868", <8 x float> %".863", <8 x float> %".867"
  store <8 x float> %".869", <8 x float>* %".842"
  %".871" = add nsw i64 %".851", 1
  store i64 %".871", i64* %".848"
  br label %"head.13"
done.14:
  %".874" = mul i64 %".847", 8
  %".875" = add i64 %".488", %".874"
  %".876" = icmp slt i64 %".875", %".489"
  br i1 %".876", label %"done.14.if", label %"done.14.endif"
done.14.if:
  %".878" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".875", i64 0
  %".879" = shufflevector <8 x i64> %".878", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".880" = add <8 x i64> %".879", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".881" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".882" = shufflevector <8 x i64> %".881", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".883" = icmp slt <8 x i64> %".880", %".882"
  %".884" = getelementptr float, float* %".838", i64 %".875"
  %".885" = bitcast float* %".884" to <8 x float>*
  %".886" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".885", i32 4, <8 x i1> %".883", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".887" = getelementptr float, float* %".841", i64 %".875"
  %".888" = bitcast float* %".887" to <8 x float>*
  %".889" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".888", i32 4, <8 x i1> %".883", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".890" = fcmp une <8 x float> %".889", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".891" = select  <8 x i1> %".890", <8 x float> %".886", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>
  %".892" = getelementptr float, float* %".838", i64 %".875"
  %".893" = bitcast float* %".892" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".891", <8 x float>* %".893", i32 4, <8 x i1> %".883")
  %".895" = load <8 x float>, <8 x float>* %".842"
  %".896" = fcmp ogt <8 x float> %".891", %".895"
  %".897" = select  <8 x i1> %".896", <8 x float> %".891", <8 x float> %".895"
  store <8 x float> %".897", <8 x float>* %".842"
  br label %"done.14.endif"
done.14.endif:
  br label %"body.12.endif"
head.14:
  %".906" = load i64, i64* %".903"
  %".907" = icmp slt i64 %".906", %".902"
  br i1 %".907", label %"body.14", label %"done.15"
body.14:
  %".909" = mul i64 %".906", 8
  %".910" = add i64 %".488", %".909"
  %".911" = getelementptr float, float* %".838", i64 %".910"
  %".912" = bitcast float* %".911" to <8 x float>*
  %".913" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".912", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".914" = load <8 x float>, <8 x float>* %".842"
  %".915" = fcmp ogt <8 x float> %".913", %".914"
  %".916" = select  <8 x i1> %".915", <8 x float> %".913", <8 x float> %".914"
  store <8 x float> %".916", <8 x float>* %".842"
  %".918" = add nsw i64 %".906", 1
  store i64 %".918", i64* %".903"
  br label %"head.14"
done.15:
  %".921" = mul i64 %".902", 8
  %".922" = add i64 %".488", %".921"
  %".923" = icmp slt i64 %".922", %".489"
  br i1 %".923", label %"done.15.if", label %"done.15.endif"
done.15.if:
  %".925" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".922", i64 0
  %".926" = shufflevector <8 x i64> %".925", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".927" = add <8 x i64> %".926", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".928" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".929" = shufflevector <8 x i64> %".928", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".930" = icmp slt <8 x i64> %".927", %".929"
  %".931" = getelementptr float, float* %".838", i64 %".922"
  %".932" = bitcast float* %".931" to <8 x float>*
  %".933" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".932", i32 4, <8 x i1> %".930", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".934" = load <8 x float>, <8 x float>* %".842"
  %".935" = fcmp ogt <8 x float> %".933", %".934"
  %".936" = select  <8 x i1> %".935", <8 x float> %".933", <8 x float> %".934"
  store <8 x float> %".936", <8 x float>* %".842"
  br label %"done.15.endif"
done.15.endif:
  br label %"body.12.endif"
head.15:
  %".964" = load i64, i64* %".961"
  %".965" = icmp slt i64 %".964", %".960"
  br i1 %".965", label %"body.15", label %"done.16"
body.15:
  %".967" = mul i64 %".964", 8
  %".968" = add i64 %".488", %".967"
  %".969" = getelementptr float, float* %".838", i64 %".968"
  %".970" = bitcast float* %".969" to <8 x float>*
  %".971" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".970", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".972" = fsub <8 x float> %".971", %".956"
  %".973" = fcmp oeq <8 x float> %".972", %".972"
  %".974" = fmul <8 x float> %".972", <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %".975" = call <8 x float> @"llvm.rint.v8f32"(<8 x float> %".974")
  %".976" = select  <8 x i1> %".973", <8 x float> %".975", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".977" = fneg <8 x float> %".976"
  %".978" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".977", <8 x float> <float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000>, <8 x float> %".972")
  %".979" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".977", <8 x float> <float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000>, <8 x float> %".978")
  %".980" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".979", <8 x float> <float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000>, <8 x float> <float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000>)
  %".981" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".979", <8 x float> %".980", <8 x float> <float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000>)
  %".982" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".979", <8 x float> %".981", <8 x float> <float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000>)
  %".983" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".979", <8 x float> %".982", <8 x float> <float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000>)
  %".984" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".979", <8 x float> %".983", <8 x float> <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>)
  %".985" = fmul <8 x float> %".979", %".979"
  %".986" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".984", <8 x float> %".985", <8 x float> %".979")
  %".987" = fadd <8 x float> %".986", <float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000>
  %".988" = fptosi <8 x float> %".976" to <8 x i32>
  %".989" = ashr <8 x i32> %".988", <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %".990" = sub <8 x i32> %".988", %".989"
  %".991" = add <8 x i32> %".989", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".992" = shl <8 x i32> %".991", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".993" = bitcast <8 x i32> %".992" to <8 x float>
  %".994" = fmul <8 x float> %".987", %".993"
  %".995" = add <8 x i32> %".990", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".996" = shl <8 x i32> %".995", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".997" = bitcast <8 x i32> %".996" to <8 x float>
  %".998" = fmul <8 x float> %".994", %".997"
  %".999" = fcmp olt <8 x float> %".972", <float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000>
  %".1000" = select  <8 x i1> %".999", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float> %".998"
  %".1001" = fcmp ogt <8 x float> %".972", <float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000>
  %".1002" = select  <8 x i1> %".1001", <8 x float> <float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000>, <8 x float> %".1000"
  %".1003" = getelementptr float, float* %".838", i64 %".968"
  %".1004" = bitcast float* %".1003" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1002", <8 x float>* %".1004", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  %".1006" = load <8 x float>, <8 x float>* %".957"
  %".1007" = fadd <8 x float> %".1006", %".1002"
  store <8 x float> %".1007", <8 x float>* %".957"
  %".1009" = add nsw i64 %".964", 1
  store i64 %".1009", i64* %".961"
  br label %"head.15"
done.16:
  %".1012" = mul i64 %".960", 8
  %".1013" = add i64 %".488", %".1012"
  %".1014" = icmp slt i64 %".1013", %".489"
  br i1 %".1014", label %"done.16.if", label %"done.16.endif"
done.16.if:
  %".1016" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1013", i64 0
  %".1017" = shufflevector <8 x i64> %".1016", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1018" = add <8 x i64> %".1017", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1019" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1020" = shufflevector <8 x i64> %".1019", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1021" = icmp slt <8 x i64> %".1018", %".1020"
  %".1022" = getelementptr float, float* %".838", i64 %".1013"
  %".1023" = bitcast float* %".1022" to <8 x float>*
  %".1024" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1023", i32 4, <8 x i1> %".1021", <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>)
  %".1025" = fsub <8 x float> %".1024", %".956"
  %".1026" = fcmp oeq <8 x float> %".1025", %".1025"
  %".1027" = fmul <8 x float> %".1025", <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %".1028" = call <8 x float> @"llvm.rint.v8f32"(<8 x float> %".1027")
  %".1029" = select  <8 x i1> %".1026", <8 x float> %".1028", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1030" = fneg <8 x float> %".1029"
  %".1031" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1030", <8 x float> <float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000, float 0x3fe6300000000000>, <8 x float> %".1025")
  %".1032" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1030", <8 x float> <float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000, float 0xbf2bd01060000000>, <8 x float> %".1031")
  %".1033" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1032", <8 x float> <float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000, float 0x3f2a0d2ce0000000>, <8 x float> <float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000, float 0x3f56e879c0000000>)
  %".1034" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1032", <8 x float> %".1033", <8 x float> <float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000, float 0x3f81112100000000>)
  %".1035" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1032", <8 x float> %".1034", <8 x float> <float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000, float 0x3fa5553820000000>)
  %".1036" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1032", <8 x float> %".1035", <8 x float> <float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000, float 0x3fc5555540000000>)
  %".1037" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1032", <8 x float> %".1036", <8 x float> <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>)
  %".1038" = fmul <8 x float> %".1032", %".1032"
  %".1039" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1037", <8 x float> %".1038", <8 x float> %".1032")
  %".1040" = fadd <8 x float> %".1039", <float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000, float 0x3ff0000000000000>
  %".1041" = fptosi <8 x float> %".1029" to <8 x i32>
  %".1042" = ashr <8 x i32> %".1041", <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %".1043" = sub <8 x i32> %".1041", %".1042"
  %".1044" = add <8 x i32> %".1042", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1045" = shl <8 x i32> %".1044", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1046" = bitcast <8 x i32> %".1045" to <8 x float>
  %".1047" = fmul <8 x float> %".1040", %".1046"
  %".1048" = add <8 x i32> %".1043", <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %".1049" = shl <8 x i32> %".1048", <i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23, i32 23>
  %".1050" = bitcast <8 x i32> %".1049" to <8 x float>
  %".1051" = fmul <8 x float> %".1047", %".1050"
  %".1052" = fcmp olt <8 x float> %".1025", <float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000, float 0xc059fe4300000000>
  %".1053" = select  <8 x i1> %".1052", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float> %".1051"
  %".1054" = fcmp ogt <8 x float> %".1025", <float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000, float 0x40562e4300000000>
  %".1055" = select  <8 x i1> %".1054", <8 x float> <float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000, float 0x7ff0000000000000>, <8 x float> %".1053"
  %".1056" = getelementptr float, float* %".838", i64 %".1013"
  %".1057" = bitcast float* %".1056" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1055", <8 x float>* %".1057", i32 4, <8 x i1> %".1021")
  %".1059" = load <8 x float>, <8 x float>* %".957"
  %".1060" = fadd <8 x float> %".1059", %".1055"
  store <8 x float> %".1060", <8 x float>* %".957"
  br label %"done.16.endif"
done.16.endif:
  %".1063" = load <8 x float>, <8 x float>* %".957"
  %".1064" = shufflevector <8 x float> %".1063", <8 x float> %".1063", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".1065" = fadd <8 x float> %".1063", %".1064"
  %".1066" = shufflevector <8 x float> %".1065", <8 x float> %".1065", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1067" = fadd <8 x float> %".1065", %".1066"
  %".1068" = shufflevector <8 x float> %".1067", <8 x float> %".1067", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1069" = fadd <8 x float> %".1067", %".1068"
  %".1070" = extractelement <8 x float> %".1069", i64 0
  %".1071" = fdiv float 0x3ff0000000000000, %".1070"
  %".1072" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1071", i64 0
  %".1073" = shufflevector <8 x float> %".1072", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1074" = sub i64 %".489", %".488"
  %".1075" = sdiv i64 %".1074", 8
  store i64 0, i64* %".1076"
  br label %"head.16"
head.16:
  %".1079" = load i64, i64* %".1076"
  %".1080" = icmp slt i64 %".1079", %".1075"
  br i1 %".1080", label %"body.16", label %"done.17"
body.16:
  %".1082" = mul i64 %".1079", 8
  %".1083" = add i64 %".488", %".1082"
  %".1084" = getelementptr float, float* %".838", i64 %".1083"
  %".1085" = bitcast float* %".1084" to <8 x float>*
  %".1086" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1085", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1087" = fmul <8 x float> %".1086", %".1073"
  %".1088" = getelementptr float, float* %".838", i64 %".1083"
  %".1089" = bitcast float* %".1088" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1087", <8 x float>* %".1089", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  %".1091" = add nsw i64 %".1079", 1
  store i64 %".1091", i64* %".1076"
  br label %"head.16"
done.17:
  %".1094" = mul i64 %".1075", 8
  %".1095" = add i64 %".488", %".1094"
  %".1096" = icmp slt i64 %".1095", %".489"
  br i1 %".1096", label %"done.17.if", label %"done.17.endif"
done.17.if:
  %".1098" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1095", i64 0
  %".1099" = shufflevector <8 x i64> %".1098", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1100" = add <8 x i64> %".1099", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1101" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1102" = shufflevector <8 x i64> %".1101", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1103" = icmp slt <8 x i64> %".1100", %".1102"
  %".1104" = getelementptr float, float* %".838", i64 %".1095"
  %".1105" = bitcast float* %".1104" to <8 x float>*
  %".1106" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1105", i32 4, <8 x i1> %".1103", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1107" = fmul <8 x float> %".1106", %".1073"
  %".1108" = getelementptr float, float* %".838", i64 %".1095"
  %".1109" = bitcast float* %".1108" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1107", <8 x float>* %".1109", i32 4, <8 x i1> %".1103")
  br label %"done.17.endif"
done.17.endif:
  %".1112" = add nsw i64 %".834", 1
  store i64 %".1112", i64* %".831"
  br label %"head.12"
head.17:
  %".1123" = load i64, i64* %".1120"
  %".1124" = icmp slt i64 %".1123", %".1119"
  br i1 %".1124", label %"body.17", label %"done.18"
body.17:
  %".1126" = add i64 %".459", 3
  %".1127" = sdiv i64 %".1126", 4
  store i64 0, i64* %".1128"
  br label %"head.18"
done.18:
  %".1456" = mul i64 %".456", %".8"
  %".1457" = getelementptr float, float* %".89", i64 %".1456"
  %".1458" = sub i64 %".489", %".488"
  %".1459" = add i64 %".1458", 3
  %".1460" = sdiv i64 %".1459", 4
  %".1461" = sdiv i64 %".8", 16
  store i64 0, i64* %".1462"
  br label %"head.20"
head.18:
  %".1131" = load i64, i64* %".1128"
  %".1132" = icmp slt i64 %".1131", %".1127"
  br i1 %".1132", label %"body.18", label %"done.19"
body.18:
  %".1134" = mul i64 %".77", 24
  %".1135" = mul i64 %".1123", %".1134"
  %".1136" = getelementptr float, float* %".96", i64 %".1135"
  %".1137" = mul i64 %".1131", 4
  %".1138" = mul i64 %".1123", 24
  %".1139" = icmp sgt i64 0, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".36"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".37"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".38"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".39"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".40"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".41"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".42"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".43"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".44"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".45"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".46"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".47"
  br i1 %".1139", label %"body.18.if", label %"body.18.endif"
done.19:
  %".1453" = add nsw i64 %".1123", 1
  store i64 %".1453", i64* %".1120"
  br label %"head.17"
body.18.if:
  %".1153" = add i64 %".1138", 0
  %".1154" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1153", i64 0
  %".1155" = shufflevector <8 x i64> %".1154", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1156" = add <8 x i64> %".1155", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1157" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1158" = shufflevector <8 x i64> %".1157", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1159" = icmp slt <8 x i64> %".1156", %".1158"
  %".1160" = add i64 %".1138", 8
  %".1161" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1160", i64 0
  %".1162" = shufflevector <8 x i64> %".1161", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1163" = add <8 x i64> %".1162", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1164" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1165" = shufflevector <8 x i64> %".1164", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1166" = icmp slt <8 x i64> %".1163", %".1165"
  %".1167" = add i64 %".1138", 16
  %".1168" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1167", i64 0
  %".1169" = shufflevector <8 x i64> %".1168", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1170" = add <8 x i64> %".1169", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1171" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1172" = shufflevector <8 x i64> %".1171", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1173" = icmp slt <8 x i64> %".1170", %".1172"
  %".1174" = add i64 %".1137", 0
  %".1175" = icmp slt i64 %".1174", %".459"
  br i1 %".1175", label %"body.18.if.if", label %"body.18.if.endif"
body.18.endif:
  %".1251" = sub i64 %".459", 1
  %".1252" = add i64 %".1137", 0
  %".1253" = icmp slt i64 %".1252", %".459"
  %".1254" = select  i1 %".1253", i64 %".1252", i64 %".1251"
  %".1255" = mul i64 %".1254", %".8"
  %".1256" = mul i64 0, 1
  %".1257" = add i64 %".1255", %".1256"
  %".1258" = getelementptr float, float* %".1116", i64 %".1257"
  %".1259" = add i64 %".1137", 1
  %".1260" = icmp slt i64 %".1259", %".459"
  %".1261" = select  i1 %".1260", i64 %".1259", i64 %".1251"
  %".1262" = mul i64 %".1261", %".8"
  %".1263" = mul i64 0, 1
  %".1264" = add i64 %".1262", %".1263"
  %".1265" = getelementptr float, float* %".1116", i64 %".1264"
  %".1266" = add i64 %".1137", 2
  %".1267" = icmp slt i64 %".1266", %".459"
  %".1268" = select  i1 %".1267", i64 %".1266", i64 %".1251"
  %".1269" = mul i64 %".1268", %".8"
  %".1270" = mul i64 0, 1
  %".1271" = add i64 %".1269", %".1270"
  %".1272" = getelementptr float, float* %".1116", i64 %".1271"
  %".1273" = add i64 %".1137", 3
  %".1274" = icmp slt i64 %".1273", %".459"
  %".1275" = select  i1 %".1274", i64 %".1273", i64 %".1251"
  %".1276" = mul i64 %".1275", %".8"
  %".1277" = mul i64 0, 1
  %".1278" = add i64 %".1276", %".1277"
  %".1279" = getelementptr float, float* %".1116", i64 %".1278"
  store i64 0, i64* %".1280"
  br label %"head.19"
body.18.if.if:
  %".1177" = mul i64 %".1174", %".74"
  %".1178" = add i64 %".1177", %".1138"
  %".1179" = getelementptr float, float* %".99", i64 %".1178"
  %".1180" = getelementptr float, float* %".1179", i64 0
  %".1181" = bitcast float* %".1180" to <8 x float>*
  %".1182" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1181", i32 4, <8 x i1> %".1159", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1182", <8 x float>* %".36"
  %".1184" = getelementptr float, float* %".1179", i64 8
  %".1185" = bitcast float* %".1184" to <8 x float>*
  %".1186" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1185", i32 4, <8 x i1> %".1166", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1186", <8 x float>* %".37"
  %".1188" = getelementptr float, float* %".1179", i64 16
  %".1189" = bitcast float* %".1188" to <8 x float>*
  %".1190" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1189", i32 4, <8 x i1> %".1173", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1190", <8 x float>* %".38"
  br label %"body.18.if.endif"
body.18.if.endif:
  %".1193" = add i64 %".1137", 1
  %".1194" = icmp slt i64 %".1193", %".459"
  br i1 %".1194", label %"body.18.if.endif.if", label %"body.18.if.endif.endif"
body.18.if.endif.if:
  %".1196" = mul i64 %".1193", %".74"
  %".1197" = add i64 %".1196", %".1138"
  %".1198" = getelementptr float, float* %".99", i64 %".1197"
  %".1199" = getelementptr float, float* %".1198", i64 0
  %".1200" = bitcast float* %".1199" to <8 x float>*
  %".1201" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1200", i32 4, <8 x i1> %".1159", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1201", <8 x float>* %".39"
  %".1203" = getelementptr float, float* %".1198", i64 8
  %".1204" = bitcast float* %".1203" to <8 x float>*
  %".1205" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1204", i32 4, <8 x i1> %".1166", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1205", <8 x float>* %".40"
  %".1207" = getelementptr float, float* %".1198", i64 16
  %".1208" = bitcast float* %".1207" to <8 x float>*
  %".1209" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1208", i32 4, <8 x i1> %".1173", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1209", <8 x float>* %".41"
  br label %"body.18.if.endif.endif"
body.18.if.endif.endif:
  %".1212" = add i64 %".1137", 2
  %".1213" = icmp slt i64 %".1212", %".459"
  br i1 %".1213", label %"body.18.if.endif.endif.if", label %"body.18.if.endif.endif.endif"
body.18.if.endif.endif.if:
  %".1215" = mul i64 %".1212", %".74"
  %".1216" = add i64 %".1215", %".1138"
  %".1217" = getelementptr float, float* %".99", i64 %".1216"
  %".1218" = getelementptr float, float* %".1217", i64 0
  %".1219" = bitcast float* %".1218" to <8 x float>*
  %".1220" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1219", i32 4, <8 x i1> %".1159", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1220", <8 x float>* %".42"
  %".1222" = getelementptr float, float* %".1217", i64 8
  %".1223" = bitcast float* %".1222" to <8 x float>*
  %".1224" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1223", i32 4, <8 x i1> %".1166", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1224", <8 x float>* %".43"
  %".1226" = getelementptr float, float* %".1217", i64 16
  %".1227" = bitcast float* %".1226" to <8 x float>*
  %".1228" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1227", i32 4, <8 x i1> %".1173", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1228", <8 x float>* %".44"
  br label %"body.18.if.endif.endif.endif"
body.18.if.endif.endif.endif:
  %".1231" = add i64 %".1137", 3
  %".1232" = icmp slt i64 %".1231", %".459"
  br i1 %".1232", label %"body.18.if.endif.endif.endif.if", label %"body.18.if.endif.endif.endif.endif"
body.18.if.endif.endif.endif.if:
  %".1234" = mul i64 %".1231", %".74"
  %".1235" = add i64 %".1234", %".1138"
  %".1236" = getelementptr float, float* %".99", i64 %".1235"
  %".1237" = getelementptr float, float* %".1236", i64 0
  %".1238" = bitcast float* %".1237" to <8 x float>*
  %".1239" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1238", i32 4, <8 x i1> %".1159", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1239", <8 x float>* %".45"
  %".1241" = getelementptr float, float* %".1236", i64 8
  %".1242" = bitcast float* %".1241" to <8 x float>*
  %".1243" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1242", i32 4, <8 x i1> %".1166", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1243", <8 x float>* %".46"
  %".1245" = getelementptr float, float* %".1236", i64 16
  %".1246" = bitcast float* %".1245" to <8 x float>*
  %".1247" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1246", i32 4, <8 x i1> %".1173", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1247", <8 x float>* %".47"
  br label %"body.18.if.endif.endif.endif.endif"
body.18.if.endif.endif.endif.endif:
  br label %"body.18.endif"
head.19:
  %".1283" = load i64, i64* %".1280"
  %".1284" = icmp slt i64 %".1283", %".8"
  br i1 %".1284", label %"body.19", label %"done.20"
body.19:
  %".1286" = mul i64 %".1283", 24
  %".1287" = getelementptr float, float* %".1136", i64 %".1286"
  %".1288" = getelementptr float, float* %".1287", i64 0
  %".1289" = bitcast float* %".1288" to <8 x float>*
  %".1290" = load <8 x float>, <8 x float>* %".1289", align 4
  %".1291" = getelementptr float, float* %".1287", i64 8
  %".1292" = bitcast float* %".1291" to <8 x float>*
  %".1293" = load <8 x float>, <8 x float>* %".1292", align 4
  %".1294" = getelementptr float, float* %".1287", i64 16
  %".1295" = bitcast float* %".1294" to <8 x float>*
  %".1296" = load <8 x float>, <8 x float>* %".1295", align 4
  %".1297" = mul i64 %".1283", 1
  %".1298" = getelementptr float, float* %".1258", i64 %".1297"
  %".1299" = load float, float* %".1298"
  %".1300" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1299", i64 0
  %".1301" = shufflevector <8 x float> %".1300", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1302" = load <8 x float>, <8 x float>* %".36"
  %".1303" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1301", <8 x float> %".1290", <8 x float> %".1302")
  store <8 x float> %".1303", <8 x float>* %".36"
  %".1305" = load <8 x float>, <8 x float>* %".37"
  %".1306" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1301", <8 x float> %".1293", <8 x float> %".1305")
  store <8 x float> %".1306", <8 x float>* %".37"
  %".1308" = load <8 x float>, <8 x float>* %".38"
  %".1309" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1301", <8 x float> %".1296", <8 x float> %".1308")
  store <8 x float> %".1309", <8 x float>* %".38"
  %".1311" = getelementptr float, float* %".1265", i64 %".1297"
  %".1312" = load float, float* %".1311"
  %".1313" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1312", i64 0
  %".1314" = shufflevector <8 x float> %".1313", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1315" = load <8 x float>, <8 x float>* %".39"
  %".1316" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1314", <8 x float> %".1290", <8 x float> %".1315")
  store <8 x float> %".1316", <8 x float>* %".39"
  %".1318" = load <8 x float>, <8 x float>* %".40"
  %".1319" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1314", <8 x float> %".1293", <8 x float> %".1318")
  store <8 x float> %".1319", <8 x float>* %".40"
  %".1321" = load <8 x float>, <8 x float>* %".41"
  %".1322" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1314", <8 x float> %".1296", <8 x float> %".1321")
  store <8 x float> %".1322", <8 x float>* %".41"
  %".1324" = getelementptr float, float* %".1272", i64 %".1297"
  %".1325" = load float, float* %".1324"
  %".1326" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1325", i64 0
  %".1327" = shufflevector <8 x float> %".1326", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1328" = load <8 x float>, <8 x float>* %".42"
  %".1329" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1327", <8 x float> %".1290", <8 x float> %".1328")
  store <8 x float> %".1329", <8 x float>* %".42"
  %".1331" = load <8 x float>, <8 x float>* %".43"
  %".1332" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1327", <8 x float> %".1293", <8 x float> %".1331")
  store <8 x float> %".1332", <8 x float>* %".43"
  %".1334" = load <8 x float>, <8 x float>* %".44"
  %".1335" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1327", <8 x float> %".1296", <8 x float> %".1334")
  store <8 x float> %".1335", <8 x float>* %".44"
  %".1337" = getelementptr float, float* %".1279", i64 %".1297"
  %".1338" = load float, float* %".1337"
  %".1339" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1338", i64 0
  %".1340" = shufflevector <8 x float> %".1339", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1341" = load <8 x float>, <8 x float>* %".45"
  %".1342" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1340", <8 x float> %".1290", <8 x float> %".1341")
  store <8 x float> %".1342", <8 x float>* %".45"
  %".1344" = load <8 x float>, <8 x float>* %".46"
  %".1345" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1340", <8 x float> %".1293", <8 x float> %".1344")
  store <8 x float> %".1345", <8 x float>* %".46"
  %".1347" = load <8 x float>, <8 x float>* %".47"
  %".1348" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1340", <8 x float> %".1296", <8 x float> %".1347")
  store <8 x float> %".1348", <8 x float>* %".47"
  %".1350" = add nsw i64 %".1283", 1
  store i64 %".1350", i64* %".1280"
  br label %"head.19"
done.20:
  %".1353" = add i64 %".1138", 0
  %".1354" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1353", i64 0
  %".1355" = shufflevector <8 x i64> %".1354", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1356" = add <8 x i64> %".1355", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1357" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1358" = shufflevector <8 x i64> %".1357", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1359" = icmp slt <8 x i64> %".1356", %".1358"
  %".1360" = add i64 %".1138", 8
  %".1361" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1360", i64 0
  %".1362" = shufflevector <8 x i64> %".1361", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1363" = add <8 x i64> %".1362", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1364" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1365" = shufflevector <8 x i64> %".1364", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1366" = icmp slt <8 x i64> %".1363", %".1365"
  %".1367" = add i64 %".1138", 16
  %".1368" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1367", i64 0
  %".1369" = shufflevector <8 x i64> %".1368", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1370" = add <8 x i64> %".1369", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1371" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".74", i64 0
  %".1372" = shufflevector <8 x i64> %".1371", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1373" = icmp slt <8 x i64> %".1370", %".1372"
  %".1374" = add i64 %".1137", 0
  %".1375" = icmp slt i64 %".1374", %".459"
  br i1 %".1375", label %"done.20.if", label %"done.20.endif"
done.20.if:
  %".1377" = mul i64 %".1374", %".74"
  %".1378" = add i64 %".1377", %".1138"
  %".1379" = getelementptr float, float* %".99", i64 %".1378"
  %".1380" = getelementptr float, float* %".1379", i64 0
  %".1381" = bitcast float* %".1380" to <8 x float>*
  %".1382" = load <8 x float>, <8 x float>* %".36"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1382", <8 x float>* %".1381", i32 4, <8 x i1> %".1359")
  %".1384" = getelementptr float, float* %".1379", i64 8
  %".1385" = bitcast float* %".1384" to <8 x float>*
  %".1386" = load <8 x float>, <8 x float>* %".37"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1386", <8 x float>* %".1385", i32 4, <8 x i1> %".1366")
  %".1388" = getelementptr float, float* %".1379", i64 16
  %".1389" = bitcast float* %".1388" to <8 x float>*
  %".1390" = load <8 x float>, <8 x float>* %".38"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1390", <8 x float>* %".1389", i32 4, <8 x i1> %".1373")
  br label %"done.20.endif"
done.20.endif:
  %".1393" = add i64 %".1137", 1
  %".1394" = icmp slt i64 %".1393", %".459"
  br i1 %".1394", label %"done.20.endif.if", label %"done.20.endif.endif"
done.20.endif.if:
  %".1396" = mul i64 %".1393", %".74"
  %".1397" = add i64 %".1396", %".1138"
  %".1398" = getelementptr float, float* %".99", i64 %".1397"
  %".1399" = getelementptr float, float* %".1398", i64 0
  %".1400" = bitcast float* %".1399" to <8 x float>*
  %".1401" = load <8 x float>, <8 x float>* %".39"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1401", <8 x float>* %".1400", i32 4, <8 x i1> %".1359")
  %".1403" = getelementptr float, float* %".1398", i64 8
  %".1404" = bitcast float* %".1403" to <8 x float>*
  %".1405" = load <8 x float>, <8 x float>* %".40"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1405", <8 x float>* %".1404", i32 4, <8 x i1> %".1366")
  %".1407" = getelementptr float, float* %".1398", i64 16
  %".1408" = bitcast float* %".1407" to <8 x float>*
  %".1409" = load <8 x float>, <8 x float>* %".41"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1409", <8 x float>* %".1408", i32 4, <8 x i1> %".1373")
  br label %"done.20.endif.endif"
done.20.endif.endif:
  %".1412" = add i64 %".1137", 2
  %".1413" = icmp slt i64 %".1412", %".459"
  br i1 %".1413", label %"done.20.endif.endif.if", label %"done.20.endif.endif.endif"
done.20.endif.endif.if:
  %".1415" = mul i64 %".1412", %".74"
  %".1416" = add i64 %".1415", %".1138"
  %".1417" = getelementptr float, float* %".99", i64 %".1416"
  %".1418" = getelementptr float, float* %".1417", i64 0
  %".1419" = bitcast float* %".1418" to <8 x float>*
  %".1420" = load <8 x float>, <8 x float>* %".42"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1420", <8 x float>* %".1419", i32 4, <8 x i1> %".1359")
  %".1422" = getelementptr float, float* %".1417", i64 8
  %".1423" = bitcast float* %".1422" to <8 x float>*
  %".1424" = load <8 x float>, <8 x float>* %".43"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1424", <8 x float>* %".1423", i32 4, <8 x i1> %".1366")
  %".1426" = getelementptr float, float* %".1417", i64 16
  %".1427" = bitcast float* %".1426" to <8 x float>*
  %".1428" = load <8 x float>, <8 x float>* %".44"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1428", <8 x float>* %".1427", i32 4, <8 x i1> %".1373")
  br label %"done.20.endif.endif.endif"
done.20.endif.endif.endif:
  %".1431" = add i64 %".1137", 3
  %".1432" = icmp slt i64 %".1431", %".459"
  br i1 %".1432", label %"done.20.endif.endif.endif.if", label %"done.20.endif.endif.endif.endif"
done.20.endif.endif.endif.if:
  %".1434" = mul i64 %".1431", %".74"
  %".1435" = add i64 %".1434", %".1138"
  %".1436" = getelementptr float, float* %".99", i64 %".1435"
  %".1437" = getelementptr float, float* %".1436", i64 0
  %".1438" = bitcast float* %".1437" to <8 x float>*
  %".1439" = load <8 x float>, <8 x float>* %".45"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1439", <8 x float>* %".1438", i32 4, <8 x i1> %".1359")
  %".1441" = getelementptr float, float* %".1436", i64 8
  %".1442" = bitcast float* %".1441" to <8 x float>*
  %".1443" = load <8 x float>, <8 x float>* %".46"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1443", <8 x float>* %".1442", i32 4, <8 x i1> %".1366")
  %".1445" = getelementptr float, float* %".1436", i64 16
  %".1446" = bitcast float* %".1445" to <8 x float>*
  %".1447" = load <8 x float>, <8 x float>* %".47"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1447", <8 x float>* %".1446", i32 4, <8 x i1> %".1373")
  br label %"done.20.endif.endif.endif.endif"
done.20.endif.endif.endif.endif:
  %".1450" = add nsw i64 %".1131", 1
  store i64 %".1450", i64* %".1128"
  br label %"head.18"
head.20:
  %".1465" = load i64, i64* %".1462"
  %".1466" = icmp slt i64 %".1465", %".1461"
  br i1 %".1466", label %"body.20", label %"done.21"
body.20:
  %".1468" = mul i64 %".1465", 16
  %".1469" = getelementptr float, float* %".1457", i64 %".1468"
  store i64 0, i64* %".1470"
  br label %"head.21"
done.21:
  store i64 0, i64* %".1730"
  br label %"head.23"
head.21:
  %".1473" = load i64, i64* %".1470"
  %".1474" = icmp slt i64 %".1473", %".1460"
  br i1 %".1474", label %"body.21", label %"done.22"
body.21:
  %".1476" = mul i64 %".1473", 4
  %".1477" = add i64 %".488", %".1476"
  %".1478" = icmp sgt i64 1, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".1478", label %"body.21.if", label %"body.21.endif"
done.22:
  %".1727" = add nsw i64 %".1465", 1
  store i64 %".1727", i64* %".1462"
  br label %"head.20"
body.21.if:
  %".1488" = add i64 %".1468", 0
  %".1489" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1488", i64 0
  %".1490" = shufflevector <8 x i64> %".1489", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1491" = add <8 x i64> %".1490", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1492" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1493" = shufflevector <8 x i64> %".1492", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1494" = icmp slt <8 x i64> %".1491", %".1493"
  %".1495" = add i64 %".1468", 8
  %".1496" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1495", i64 0
  %".1497" = shufflevector <8 x i64> %".1496", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1498" = add <8 x i64> %".1497", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1499" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1500" = shufflevector <8 x i64> %".1499", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1501" = icmp slt <8 x i64> %".1498", %".1500"
  %".1502" = add i64 %".1477", 0
  %".1503" = icmp slt i64 %".1502", %".489"
  br i1 %".1503", label %"body.21.if.if", label %"body.21.if.endif"
body.21.endif:
  %".1563" = sub i64 %".489", 1
  %".1564" = add i64 %".1477", 0
  %".1565" = icmp slt i64 %".1564", %".489"
  %".1566" = select  i1 %".1565", i64 %".1564", i64 %".1563"
  %".1567" = mul i64 %".1566", 1
  %".1568" = mul i64 0, %".74"
  %".1569" = add i64 %".1567", %".1568"
  %".1570" = getelementptr float, float* %".97", i64 %".1569"
  %".1571" = add i64 %".1477", 1
  %".1572" = icmp slt i64 %".1571", %".489"
  %".1573" = select  i1 %".1572", i64 %".1571", i64 %".1563"
  %".1574" = mul i64 %".1573", 1
  %".1575" = mul i64 0, %".74"
  %".1576" = add i64 %".1574", %".1575"
  %".1577" = getelementptr float, float* %".97", i64 %".1576"
  %".1578" = add i64 %".1477", 2
  %".1579" = icmp slt i64 %".1578", %".489"
  %".1580" = select  i1 %".1579", i64 %".1578", i64 %".1563"
  %".1581" = mul i64 %".1580", 1
  %".1582" = mul i64 0, %".74"
  %".1583" = add i64 %".1581", %".1582"
  %".1584" = getelementptr float, float* %".97", i64 %".1583"
  %".1585" = add i64 %".1477", 3
  %".1586" = icmp slt i64 %".1585", %".489"
  %".1587" = select  i1 %".1586", i64 %".1585", i64 %".1563"
  %".1588" = mul i64 %".1587", 1
  %".1589" = mul i64 0, %".74"
  %".1590" = add i64 %".1588", %".1589"
  %".1591" = getelementptr float, float* %".97", i64 %".1590"
  store i64 0, i64* %".1592"
  br label %"head.22"
body.21.if.if:
  %".1505" = mul i64 %".1502", %".8"
  %".1506" = add i64 %".1505", %".1468"
  %".1507" = getelementptr float, float* %".117", i64 %".1506"
  %".1508" = getelementptr float, float* %".1507", i64 0
  %".1509" = bitcast float* %".1508" to <8 x float>*
  %".1510" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1509", i32 4, <8 x i1> %".1494", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1510", <8 x float>* %".48"
  %".1512" = getelementptr float, float* %".1507", i64 8
  %".1513" = bitcast float* %".1512" to <8 x float>*
  %".1514" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1513", i32 4, <8 x i1> %".1501", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1514", <8 x float>* %".49"
  br label %"body.21.if.endif"
body.21.if.endif:
  %".1517" = add i64 %".1477", 1
  %".1518" = icmp slt i64 %".1517", %".489"
  br i1 %".1518", label %"body.21.if.endif.if", label %"body.21.if.endif.endif"
body.21.if.endif.if:
  %".1520" = mul i64 %".1517", %".8"
  %".1521" = add i64 %".1520", %".1468"
  %".1522" = getelementptr float, float* %".117", i64 %".1521"
  %".1523" = getelementptr float, float* %".1522", i64 0
  %".1524" = bitcast float* %".1523" to <8 x float>*
  %".1525" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1524", i32 4, <8 x i1> %".1494", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1525", <8 x float>* %".50"
  %".1527" = getelementptr float, float* %".1522", i64 8
  %".1528" = bitcast float* %".1527" to <8 x float>*
  %".1529" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1528", i32 4, <8 x i1> %".1501", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1529", <8 x float>* %".51"
  br label %"body.21.if.endif.endif"
body.21.if.endif.endif:
  %".1532" = add i64 %".1477", 2
  %".1533" = icmp slt i64 %".1532", %".489"
  br i1 %".1533", label %"body.21.if.endif.endif.if", label %"body.21.if.endif.endif.endif"
body.21.if.endif.endif.if:
  %".1535" = mul i64 %".1532", %".8"
  %".1536" = add i64 %".1535", %".1468"
  %".1537" = getelementptr float, float* %".117", i64 %".1536"
  %".1538" = getelementptr float, float* %".1537", i64 0
  %".1539" = bitcast float* %".1538" to <8 x float>*
  %".1540" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1539", i32 4, <8 x i1> %".1494", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1540", <8 x float>* %".52"
  %".1542" = getelementptr float, float* %".1537", i64 8
  %".1543" = bitcast float* %".1542" to <8 x float>*
  %".1544" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1543", i32 4, <8 x i1> %".1501", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1544", <8 x float>* %".53"
  br label %"body.21.if.endif.endif.endif"
body.21.if.endif.endif.endif:
  %".1547" = add i64 %".1477", 3
  %".1548" = icmp slt i64 %".1547", %".489"
  br i1 %".1548", label %"body.21.if.endif.endif.endif.if", label %"body.21.if.endif.endif.endif.endif"
body.21.if.endif.endif.endif.if:
  %".1550" = mul i64 %".1547", %".8"
  %".1551" = add i64 %".1550", %".1468"
  %".1552" = getelementptr float, float* %".117", i64 %".1551"
  %".1553" = getelementptr float, float* %".1552", i64 0
  %".1554" = bitcast float* %".1553" to <8 x float>*
  %".1555" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1554", i32 4, <8 x i1> %".1494", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1555", <8 x float>* %".54"
  %".1557" = getelementptr float, float* %".1552", i64 8
  %".1558" = bitcast float* %".1557" to <8 x float>*
  %".1559" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1558", i32 4, <8 x i1> %".1501", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1559", <8 x float>* %".55"
  br label %"body.21.if.endif.endif.endif.endif"
body.21.if.endif.endif.endif.endif:
  br label %"body.21.endif"
head.22:
  %".1595" = load i64, i64* %".1592"
  %".1596" = icmp slt i64 %".1595", %".459"
  br i1 %".1596", label %"body.22", label %"done.23"
body.22:
  %".1598" = mul i64 %".1595", %".8"
  %".1599" = getelementptr float, float* %".1469", i64 %".1598"
  %".1600" = getelementptr float, float* %".1599", i64 0
  %".1601" = bitcast float* %".1600" to <8 x float>*
  %".1602" = load <8 x float>, <8 x float>* %".1601", align 4
  %".1603" = getelementptr float, float* %".1599", i64 8
  %".1604" = bitcast float* %".1603" to <8 x float>*
  %".1605" = load <8 x float>, <8 x float>* %".1604", align 4
  %".1606" = mul i64 %".1595", %".74"
  %".1607" = getelementptr float, float* %".1570", i64 %".1606"
  %".1608" = load float, float* %".1607"
  %".1609" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1608", i64 0
  %".1610" = shufflevector <8 x float> %".1609", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1611" = load <8 x float>, <8 x float>* %".48"
  %".1612" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1610", <8 x float> %".1602", <8 x float> %".1611")
  store <8 x float> %".1612", <8 x float>* %".48"
  %".1614" = load <8 x float>, <8 x float>* %".49"
  %".1615" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1610", <8 x float> %".1605", <8 x float> %".1614")
  store <8 x float> %".1615", <8 x float>* %".49"
  %".1617" = getelementptr float, float* %".1577", i64 %".1606"
  %".1618" = load float, float* %".1617"
  %".1619" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1618", i64 0
  %".1620" = shufflevector <8 x float> %".1619", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1621" = load <8 x float>, <8 x float>* %".50"
  %".1622" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1620", <8 x float> %".1602", <8 x float> %".1621")
  store <8 x float> %".1622", <8 x float>* %".50"
  %".1624" = load <8 x float>, <8 x float>* %".51"
  %".1625" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1620", <8 x float> %".1605", <8 x float> %".1624")
  store <8 x float> %".1625", <8 x float>* %".51"
  %".1627" = getelementptr float, float* %".1584", i64 %".1606"
  %".1628" = load float, float* %".1627"
  %".1629" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1628", i64 0
  %".1630" = shufflevector <8 x float> %".1629", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1631" = load <8 x float>, <8 x float>* %".52"
  %".1632" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1630", <8 x float> %".1602", <8 x float> %".1631")
  store <8 x float> %".1632", <8 x float>* %".52"
  %".1634" = load <8 x float>, <8 x float>* %".53"
  %".1635" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1630", <8 x float> %".1605", <8 x float> %".1634")
  store <8 x float> %".1635", <8 x float>* %".53"
  %".1637" = getelementptr float, float* %".1591", i64 %".1606"
  %".1638" = load float, float* %".1637"
  %".1639" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1638", i64 0
  %".1640" = shufflevector <8 x float> %".1639", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1641" = load <8 x float>, <8 x float>* %".54"
  %".1642" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1640", <8 x float> %".1602", <8 x float> %".1641")
  store <8 x float> %".1642", <8 x float>* %".54"
  %".1644" = load <8 x float>, <8 x float>* %".55"
  %".1645" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1640", <8 x float> %".1605", <8 x float> %".1644")
  store <8 x float> %".1645", <8 x float>* %".55"
  %".1647" = add nsw i64 %".1595", 1
  store i64 %".1647", i64* %".1592"
  br label %"head.22"
done.23:
  %".1650" = add i64 %".1468", 0
  %".1651" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1650", i64 0
  %".1652" = shufflevector <8 x i64> %".1651", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1653" = add <8 x i64> %".1652", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1654" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1655" = shufflevector <8 x i64> %".1654", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1656" = icmp slt <8 x i64> %".1653", %".1655"
  %".1657" = add i64 %".1468", 8
  %".1658" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1657", i64 0
  %".1659" = shufflevector <8 x i64> %".1658", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1660" = add <8 x i64> %".1659", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1661" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".8", i64 0
  %".1662" = shufflevector <8 x i64> %".1661", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1663" = icmp slt <8 x i64> %".1660", %".1662"
  %".1664" = add i64 %".1477", 0
  %".1665" = icmp slt i64 %".1664", %".489"
  br i1 %".1665", label %"done.23.if", label %"done.23.endif"
done.23.if:
  %".1667" = mul i64 %".1664", %".8"
  %".1668" = add i64 %".1667", %".1468"
  %".1669" = getelementptr float, float* %".117", i64 %".1668"
  %".1670" = getelementptr float, float* %".1669", i64 0
  %".1671" = bitcast float* %".1670" to <8 x float>*
  %".1672" = load <8 x float>, <8 x float>* %".48"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1672", <8 x float>* %".1671", i32 4, <8 x i1> %".1656")
  %".1674" = getelementptr float, float* %".1669", i64 8
  %".1675" = bitcast float* %".1674" to <8 x float>*
  %".1676" = load <8 x float>, <8 x float>* %".49"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1676", <8 x float>* %".1675", i32 4, <8 x i1> %".1663")
  br label %"done.23.endif"
done.23.endif:
  %".1679" = add i64 %".1477", 1
  %".1680" = icmp slt i64 %".1679", %".489"
  br i1 %".1680", label %"done.23.endif.if", label %"done.23.endif.endif"
done.23.endif.if:
  %".1682" = mul i64 %".1679", %".8"
  %".1683" = add i64 %".1682", %".1468"
  %".1684" = getelementptr float, float* %".117", i64 %".1683"
  %".1685" = getelementptr float, float* %".1684", i64 0
  %".1686" = bitcast float* %".1685" to <8 x float>*
  %".1687" = load <8 x float>, <8 x float>* %".50"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1687", <8 x float>* %".1686", i32 4, <8 x i1> %".1656")
  %".1689" = getelementptr float, float* %".1684", i64 8
  %".1690" = bitcast float* %".1689" to <8 x float>*
  %".1691" = load <8 x float>, <8 x float>* %".51"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1691", <8 x float>* %".1690", i32 4, <8 x i1> %".1663")
  br label %"done.23.endif.endif"
done.23.endif.endif:
  %".1694" = add i64 %".1477", 2
  %".1695" = icmp slt i64 %".1694", %".489"
  br i1 %".1695", label %"done.23.endif.endif.if", label %"done.23.endif.endif.endif"
done.23.endif.endif.if:
  %".1697" = mul i64 %".1694", %".8"
  %".1698" = add i64 %".1697", %".1468"
  %".1699" = getelementptr float, float* %".117", i64 %".1698"
  %".1700" = getelementptr float, float* %".1699", i64 0
  %".1701" = bitcast float* %".1700" to <8 x float>*
  %".1702" = load <8 x float>, <8 x float>* %".52"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1702", <8 x float>* %".1701", i32 4, <8 x i1> %".1656")
  %".1704" = getelementptr float, float* %".1699", i64 8
  %".1705" = bitcast float* %".1704" to <8 x float>*
  %".1706" = load <8 x float>, <8 x float>* %".53"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1706", <8 x float>* %".1705", i32 4, <8 x i1> %".1663")
  br label %"done.23.endif.endif.endif"
done.23.endif.endif.endif:
  %".1709" = add i64 %".1477", 3
  %".1710" = icmp slt i64 %".1709", %".489"
  br i1 %".1710", label %"done.23.endif.endif.endif.if", label %"done.23.endif.endif.endif.endif"
done.23.endif.endif.endif.if:
  %".1712" = mul i64 %".1709", %".8"
  %".1713" = add i64 %".1712", %".1468"
  %".1714" = getelementptr float, float* %".117", i64 %".1713"
  %".1715" = getelementptr float, float* %".1714", i64 0
  %".1716" = bitcast float* %".1715" to <8 x float>*
  %".1717" = load <8 x float>, <8 x float>* %".54"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1717", <8 x float>* %".1716", i32 4, <8 x i1> %".1656")
  %".1719" = getelementptr float, float* %".1714", i64 8
  %".1720" = bitcast float* %".1719" to <8 x float>*
  %".1721" = load <8 x float>, <8 x float>* %".55"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1721", <8 x float>* %".1720", i32 4, <8 x i1> %".1663")
  br label %"done.23.endif.endif.endif.endif"
done.23.endif.endif.endif.endif:
  %".1724" = add nsw i64 %".1473", 1
  store i64 %".1724", i64* %".1470"
  br label %"head.21"
head.23:
  %".1733" = load i64, i64* %".1730"
  %".1734" = icmp slt i64 %".1733", %".459"
  br i1 %".1734", label %"body.23", label %"done.24"
body.23:
  %".1736" = mul i64 %".1733", %".74"
  %".1737" = getelementptr float, float* %".97", i64 %".1736"
  %".1738" = mul i64 %".1733", %".74"
  %".1739" = getelementptr float, float* %".99", i64 %".1738"
  %".1740" = add i64 %".456", %".1733"
  %".1741" = mul i64 %".1740", %".6"
  %".1742" = getelementptr float, float* %".91", i64 %".1741"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".1743"
  %".1745" = sub i64 %".489", %".488"
  %".1746" = sdiv i64 %".1745", 8
  store i64 0, i64* %".1747"
  br label %"head.24"
done.24:
  %".1906" = mul i64 %".456", %".7"
  %".1907" = getelementptr float, float* %".102", i64 %".1906"
  %".1908" = sub i64 %".489", %".488"
  %".1909" = sub i64 %".13", 1
  %".1910" = add i64 %".1908", %".1909"
  %".1911" = sdiv i64 %".1910", %".13"
  store i64 0, i64* %".1912"
  br label %"head.27"
head.24:
  %".1750" = load i64, i64* %".1747"
  %".1751" = icmp slt i64 %".1750", %".1746"
  br i1 %".1751", label %"body.24", label %"done.25"
body.24:
  %".1753" = mul i64 %".1750", 8
  %".1754" = add i64 %".488", %".1753"
  %".1755" = getelementptr float, float* %".1737", i64 %".1754"
  %".1756" = bitcast float* %".1755" to <8 x float>*
  %".1757" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1756", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1758" = getelementptr float, float* %".1739", i64 %".1754"
  %".1759" = bitcast float* %".1758" to <8 x float>*
  %".1760" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1759", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1761" = load <8 x float>, <8 x float>* %".1743"
  %".1762" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1757", <8 x float> %".1760", <8 x float> %".1761")
  store <8 x float> %".1762", <8 x float>* %".1743"
  %".1764" = add nsw i64 %".1750", 1
  store i64 %".1764", i64* %".1747"
  br label %"head.24"
done.25:
  %".1767" = mul i64 %".1746", 8
  %".1768" = add i64 %".488", %".1767"
  %".1769" = icmp slt i64 %".1768", %".489"
  br i1 %".1769", label %"done.25.if", label %"done.25.endif"
done.25.if:
  %".1771" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1768", i64 0
  %".1772" = shufflevector <8 x i64> %".1771", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1773" = add <8 x i64> %".1772", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1774" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1775" = shufflevector <8 x i64> %".1774", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1776" = icmp slt <8 x i64> %".1773", %".1775"
  %".1777" = getelementptr float, float* %".1737", i64 %".1768"
  %".1778" = bitcast float* %".1777" to <8 x float>*
  %".1779" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1778", i32 4, <8 x i1> %".1776", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1780" = getelementptr float, float* %".1739", i64 %".1768"
  %".1781" = bitcast float* %".1780" to <8 x float>*
  %".1782" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1781", i32 4, <8 x i1> %".1776", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1783" = load <8 x float>, <8 x float>* %".1743"
  %".1784" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1779", <8 x float> %".1782", <8 x float> %".1783")
  store <8 x float> %".1784", <8 x float>* %".1743"
  br label %"done.25.endif"
done.25.endif:
  %".1787" = load <8 x float>, <8 x float>* %".1743"
  %".1788" = shufflevector <8 x float> %".1787", <8 x float> %".1787", <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 4, i32 5, i32 6, i32 7>
  %".1789" = fadd <8 x float> %".1787", %".1788"
  %".1790" = shufflevector <8 x float> %".1789", <8 x float> %".1789", <8 x i32> <i32 2, i32 3, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1791" = fadd <8 x float> %".1789", %".1790"
  %".1792" = shufflevector <8 x float> %".1791", <8 x float> %".1791", <8 x i32> <i32 1, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %".1793" = fadd <8 x float> %".1791", %".1792"
  %".1794" = extractelement <8 x float> %".1793", i64 0
  %".1795" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".1794", i64 0
  %".1796" = shufflevector <8 x float> %".1795", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1797" = icmp ne i64 %".9", 0
  br i1 %".1797", label %"done.25.endif.if", label %"done.25.endif.else"
done.25.endif.if:
  %".1799" = sub i64 %".489", %".488"
  %".1800" = sdiv i64 %".1799", 8
  store i64 0, i64* %".1801"
  br label %"head.25"
done.25.endif.else:
  %".1856" = sub i64 %".489", %".488"
  %".1857" = sdiv i64 %".1856", 8
  store i64 0, i64* %".1858"
  br label %"head.26"
done.25.endif.endif:
  %".1903" = add nsw i64 %".1733", 1
  store i64 %".1903", i64* %".1730"
  br label %"head.23"
head.25:
  %".1804" = load i64, i64* %".1801"
  %".1805" = icmp slt i64 %".1804", %".1800"
  br i1 %".1805", label %"body.25", label %"done.26"
body.25:
  %".1807" = mul i64 %".1804", 8
  %".1808" = add i64 %".488", %".1807"
  %".1809" = getelementptr float, float* %".1737", i64 %".1808"
  %".1810" = bitcast float* %".1809" to <8 x float>*
  %".1811" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1810", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1812" = getelementptr float, float* %".1739", i64 %".1808"
  %".1813" = bitcast float* %".1812" to <8 x float>*
  %".1814" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1813", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1815" = fsub <8 x float> %".1814", %".1796"
  %".1816" = fmul <8 x float> %".1811", %".1815"
  %".1817" = getelementptr float, float* %".1742", i64 %".1808"
  %".1818" = bitcast float* %".1817" to <8 x float>*
  %".1819" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1818", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1820" = fcmp une <8 x float> %".1819", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1821" = select  <8 x i1> %".1820", <8 x float> %".1816", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1822" = getelementptr float, float* %".1739", i64 %".1808"
  %".1823" = bitcast float* %".1822" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1821", <8 x float>* %".1823", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  %".1825" = add nsw i64 %".1804", 1
  store i64 %".1825", i64* %".1801"
  br label %"head.25"
done.26:
  %".1828" = mul i64 %".1800", 8
  %".1829" = add i64 %".488", %".1828"
  %".1830" = icmp slt i64 %".1829", %".489"
  br i1 %".1830", label %"done.26.if", label %"done.26.endif"
done.26.if:
  %".1832" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1829", i64 0
  %".1833" = shufflevector <8 x i64> %".1832", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1834" = add <8 x i64> %".1833", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1835" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1836" = shufflevector <8 x i64> %".1835", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1837" = icmp slt <8 x i64> %".1834", %".1836"
  %".1838" = getelementptr float, float* %".1737", i64 %".1829"
  %".1839" = bitcast float* %".1838" to <8 x float>*
  %".1840" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1839", i32 4, <8 x i1> %".1837", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1841" = getelementptr float, float* %".1739", i64 %".1829"
  %".1842" = bitcast float* %".1841" to <8 x float>*
  %".1843" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1842", i32 4, <8 x i1> %".1837", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1844" = fsub <8 x float> %".1843", %".1796"
  %".1845" = fmul <8 x float> %".1840", %".1844"
  %".1846" = getelementptr float, float* %".1742", i64 %".1829"
  %".1847" = bitcast float* %".1846" to <8 x float>*
  %".1848" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1847", i32 4, <8 x i1> %".1837", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1849" = fcmp une <8 x float> %".1848", <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1850" = select  <8 x i1> %".1849", <8 x float> %".1845", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>
  %".1851" = getelementptr float, float* %".1739", i64 %".1829"
  %".1852" = bitcast float* %".1851" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1850", <8 x float>* %".1852", i32 4, <8 x i1> %".1837")
  br label %"done.26.endif"
done.26.endif:
  br label %"done.25.endif.endif"
head.26:
  %".1861" = load i64, i64* %".1858"
  %".1862" = icmp slt i64 %".1861", %".1857"
  br i1 %".1862", label %"body.26", label %"done.27"
body.26:
  %".1864" = mul i64 %".1861", 8
  %".1865" = add i64 %".488", %".1864"
  %".1866" = getelementptr float, float* %".1737", i64 %".1865"
  %".1867" = bitcast float* %".1866" to <8 x float>*
  %".1868" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1867", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1869" = getelementptr float, float* %".1739", i64 %".1865"
  %".1870" = bitcast float* %".1869" to <8 x float>*
  %".1871" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1870", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1872" = fsub <8 x float> %".1871", %".1796"
  %".1873" = fmul <8 x float> %".1868", %".1872"
  %".1874" = getelementptr float, float* %".1739", i64 %".1865"
  %".1875" = bitcast float* %".1874" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1873", <8 x float>* %".1875", i32 4, <8 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>)
  %".1877" = add nsw i64 %".1861", 1
  store i64 %".1877", i64* %".1858"
  br label %"head.26"
done.27:
  %".1880" = mul i64 %".1857", 8
  %".1881" = add i64 %".488", %".1880"
  %".1882" = icmp slt i64 %".1881", %".489"
  br i1 %".1882", label %"done.27.if", label %"done.27.endif"
done.27.if:
  %".1884" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1881", i64 0
  %".1885" = shufflevector <8 x i64> %".1884", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1886" = add <8 x i64> %".1885", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1887" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".489", i64 0
  %".1888" = shufflevector <8 x i64> %".1887", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1889" = icmp slt <8 x i64> %".1886", %".1888"
  %".1890" = getelementptr float, float* %".1737", i64 %".1881"
  %".1891" = bitcast float* %".1890" to <8 x float>*
  %".1892" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1891", i32 4, <8 x i1> %".1889", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1893" = getelementptr float, float* %".1739", i64 %".1881"
  %".1894" = bitcast float* %".1893" to <8 x float>*
  %".1895" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1894", i32 4, <8 x i1> %".1889", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  %".1896" = fsub <8 x float> %".1895", %".1796"
  %".1897" = fmul <8 x float> %".1892", %".1896"
  %".1898" = getelementptr float, float* %".1739", i64 %".1881"
  %".1899" = bitcast float* %".1898" to <8 x float>*
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1897", <8 x float>* %".1899", i32 4, <8 x i1> %".1889")
  br label %"done.27.endif"
done.27.endif:
  br label %"done.25.endif.endif"
head.27:
  %".1915" = load i64, i64* %".1912"
  %".1916" = icmp slt i64 %".1915", %".1911"
  br i1 %".1916", label %"body.27", label %"done.28"
body.27:
  %".1918" = mul i64 %".1915", %".13"
  %".1919" = add i64 %".488", %".1918"
  %".1920" = sub i64 %".489", %".1919"
  %".1921" = icmp slt i64 %".13", %".1920"
  %".1922" = select  i1 %".1921", i64 %".13", i64 %".1920"
  %".1923" = sdiv i64 %".7", 16
  store i64 0, i64* %".1924"
  br label %"head.28"
done.28:
  %".2198" = mul i64 %".456", %".7"
  %".2199" = getelementptr float, float* %".80", i64 %".2198"
  %".2200" = sub i64 %".489", %".488"
  %".2201" = add i64 %".2200", 3
  %".2202" = sdiv i64 %".2201", 4
  %".2203" = sdiv i64 %".7", 16
  store i64 0, i64* %".2204"
  br label %"head.31"
head.28:
  %".1927" = load i64, i64* %".1924"
  %".1928" = icmp slt i64 %".1927", %".1923"
  br i1 %".1928", label %"body.28", label %"done.29"
body.28:
  %".1930" = mul i64 %".1927", 16
  %".1931" = mul i64 %".1919", %".7"
  %".1932" = add i64 %".1931", %".1930"
  %".1933" = getelementptr float, float* %".83", i64 %".1932"
  %".1934" = add i64 %".459", 3
  %".1935" = sdiv i64 %".1934", 4
  store i64 0, i64* %".1936"
  br label %"head.29"
done.29:
  %".2195" = add nsw i64 %".1915", 1
  store i64 %".2195", i64* %".1912"
  br label %"head.27"
head.29:
  %".1939" = load i64, i64* %".1936"
  %".1940" = icmp slt i64 %".1939", %".1935"
  br i1 %".1940", label %"body.29", label %"done.30"
body.29:
  %".1942" = mul i64 %".1939", 4
  %".1943" = icmp sgt i64 %".1915", 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".1943", label %"body.29.if", label %"body.29.endif"
done.30:
  %".2192" = add nsw i64 %".1927", 1
  store i64 %".2192", i64* %".1924"
  br label %"head.28"
body.29.if:
  %".1953" = add i64 %".1930", 0
  %".1954" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1953", i64 0
  %".1955" = shufflevector <8 x i64> %".1954", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1956" = add <8 x i64> %".1955", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1957" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".1958" = shufflevector <8 x i64> %".1957", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1959" = icmp slt <8 x i64> %".1956", %".1958"
  %".1960" = add i64 %".1930", 8
  %".1961" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".1960", i64 0
  %".1962" = shufflevector <8 x i64> %".1961", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1963" = add <8 x i64> %".1962", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".1964" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".1965" = shufflevector <8 x i64> %".1964", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".1966" = icmp slt <8 x i64> %".1963", %".1965"
  %".1967" = add i64 %".1942", 0
  %".1968" = icmp slt i64 %".1967", %".459"
  br i1 %".1968", label %"body.29.if.if", label %"body.29.if.endif"
body.29.endif:
  %".2028" = sub i64 %".459", 1
  %".2029" = add i64 %".1942", 0
  %".2030" = icmp slt i64 %".2029", %".459"
  %".2031" = select  i1 %".2030", i64 %".2029", i64 %".2028"
  %".2032" = mul i64 %".2031", %".74"
  %".2033" = mul i64 %".1919", 1
  %".2034" = add i64 %".2032", %".2033"
  %".2035" = getelementptr float, float* %".99", i64 %".2034"
  %".2036" = add i64 %".1942", 1
  %".2037" = icmp slt i64 %".2036", %".459"
  %".2038" = select  i1 %".2037", i64 %".2036", i64 %".2028"
  %".2039" = mul i64 %".2038", %".74"
  %".2040" = mul i64 %".1919", 1
  %".2041" = add i64 %".2039", %".2040"
  %".2042" = getelementptr float, float* %".99", i64 %".2041"
  %".2043" = add i64 %".1942", 2
  %".2044" = icmp slt i64 %".2043", %".459"
  %".2045" = select  i1 %".2044", i64 %".2043", i64 %".2028"
  %".2046" = mul i64 %".2045", %".74"
  %".2047" = mul i64 %".1919", 1
  %".2048" = add i64 %".2046", %".2047"
  %".2049" = getelementptr float, float* %".99", i64 %".2048"
  %".2050" = add i64 %".1942", 3
  %".2051" = icmp slt i64 %".2050", %".459"
  %".2052" = select  i1 %".2051", i64 %".2050", i64 %".2028"
  %".2053" = mul i64 %".2052", %".74"
  %".2054" = mul i64 %".1919", 1
  %".2055" = add i64 %".2053", %".2054"
  %".2056" = getelementptr float, float* %".99", i64 %".2055"
  store i64 0, i64* %".2057"
  br label %"head.30"
body.29.if.if:
  %".1970" = mul i64 %".1967", %".7"
  %".1971" = add i64 %".1970", %".1930"
  %".1972" = getelementptr float, float* %".1907", i64 %".1971"
  %".1973" = getelementptr float, float* %".1972", i64 0
  %".1974" = bitcast float* %".1973" to <8 x float>*
  %".1975" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1974", i32 4, <8 x i1> %".1959", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1975", <8 x float>* %".48"
  %".1977" = getelementptr float, float* %".1972", i64 8
  %".1978" = bitcast float* %".1977" to <8 x float>*
  %".1979" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1978", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1979", <8 x float>* %".49"
  br label %"body.29.if.endif"
body.29.if.endif:
  %".1982" = add i64 %".1942", 1
  %".1983" = icmp slt i64 %".1982", %".459"
  br i1 %".1983", label %"body.29.if.endif.if", label %"body.29.if.endif.endif"
body.29.if.endif.if:
  %".1985" = mul i64 %".1982", %".7"
  %".1986" = add i64 %".1985", %".1930"
  %".1987" = getelementptr float, float* %".1907", i64 %".1986"
  %".1988" = getelementptr float, float* %".1987", i64 0
  %".1989" = bitcast float* %".1988" to <8 x float>*
  %".1990" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1989", i32 4, <8 x i1> %".1959", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1990", <8 x float>* %".50"
  %".1992" = getelementptr float, float* %".1987", i64 8
  %".1993" = bitcast float* %".1992" to <8 x float>*
  %".1994" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1993", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".1994", <8 x float>* %".51"
  br label %"body.29.if.endif.endif"
body.29.if.endif.endif:
  %".1997" = add i64 %".1942", 2
  %".1998" = icmp slt i64 %".1997", %".459"
  br i1 %".1998", label %"body.29.if.endif.endif.if", label %"body.29.if.endif.endif.endif"
body.29.if.endif.endif.if:
  %".2000" = mul i64 %".1997", %".7"
  %".2001" = add i64 %".2000", %".1930"
  %".2002" = getelementptr float, float* %".1907", i64 %".2001"
  %".2003" = getelementptr float, float* %".2002", i64 0
  %".2004" = bitcast float* %".2003" to <8 x float>*
  %".2005" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2004", i32 4, <8 x i1> %".1959", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2005", <8 x float>* %".52"
  %".2007" = getelementptr float, float* %".2002", i64 8
  %".2008" = bitcast float* %".2007" to <8 x float>*
  %".2009" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2008", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2009", <8 x float>* %".53"
  br label %"body.29.if.endif.endif.endif"
body.29.if.endif.endif.endif:
  %".2012" = add i64 %".1942", 3
  %".2013" = icmp slt i64 %".2012", %".459"
  br i1 %".2013", label %"body.29.if.endif.endif.endif.if", label %"body.29.if.endif.endif.endif.endif"
body.29.if.endif.endif.endif.if:
  %".2015" = mul i64 %".2012", %".7"
  %".2016" = add i64 %".2015", %".1930"
  %".2017" = getelementptr float, float* %".1907", i64 %".2016"
  %".2018" = getelementptr float, float* %".2017", i64 0
  %".2019" = bitcast float* %".2018" to <8 x float>*
  %".2020" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2019", i32 4, <8 x i1> %".1959", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2020", <8 x float>* %".54"
  %".2022" = getelementptr float, float* %".2017", i64 8
  %".2023" = bitcast float* %".2022" to <8 x float>*
  %".2024" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2023", i32 4, <8 x i1> %".1966", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2024", <8 x float>* %".55"
  br label %"body.29.if.endif.endif.endif.endif"
body.29.if.endif.endif.endif.endif:
  br label %"body.29.endif"
head.30:
  %".2060" = load i64, i64* %".2057"
  %".2061" = icmp slt i64 %".2060", %".1922"
  br i1 %".2061", label %"body.30", label %"done.31"
body.30:
  %".2063" = mul i64 %".2060", %".7"
  %".2064" = getelementptr float, float* %".1933", i64 %".2063"
  %".2065" = getelementptr float, float* %".2064", i64 0
  %".2066" = bitcast float* %".2065" to <8 x float>*
  %".2067" = load <8 x float>, <8 x float>* %".2066", align 4
  %".2068" = getelementptr float, float* %".2064", i64 8
  %".2069" = bitcast float* %".2068" to <8 x float>*
  %".2070" = load <8 x float>, <8 x float>* %".2069", align 4
  %".2071" = mul i64 %".2060", 1
  %".2072" = getelementptr float, float* %".2035", i64 %".2071"
  %".2073" = load float, float* %".2072"
  %".2074" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2073", i64 0
  %".2075" = shufflevector <8 x float> %".2074", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2076" = load <8 x float>, <8 x float>* %".48"
  %".2077" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2075", <8 x float> %".2067", <8 x float> %".2076")
  store <8 x float> %".2077", <8 x float>* %".48"
  %".2079" = load <8 x float>, <8 x float>* %".49"
  %".2080" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2075", <8 x float> %".2070", <8 x float> %".2079")
  store <8 x float> %".2080", <8 x float>* %".49"
  %".2082" = getelementptr float, float* %".2042", i64 %".2071"
  %".2083" = load float, float* %".2082"
  %".2084" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2083", i64 0
  %".2085" = shufflevector <8 x float> %".2084", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2086" = load <8 x float>, <8 x float>* %".50"
  %".2087" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2085", <8 x float> %".2067", <8 x float> %".2086")
  store <8 x float> %".2087", <8 x float>* %".50"
  %".2089" = load <8 x float>, <8 x float>* %".51"
  %".2090" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2085", <8 x float> %".2070", <8 x float> %".2089")
  store <8 x float> %".2090", <8 x float>* %".51"
  %".2092" = getelementptr float, float* %".2049", i64 %".2071"
  %".2093" = load float, float* %".2092"
  %".2094" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2093", i64 0
  %".2095" = shufflevector <8 x float> %".2094", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2096" = load <8 x float>, <8 x float>* %".52"
  %".2097" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2095", <8 x float> %".2067", <8 x float> %".2096")
  store <8 x float> %".2097", <8 x float>* %".52"
  %".2099" = load <8 x float>, <8 x float>* %".53"
  %".2100" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2095", <8 x float> %".2070", <8 x float> %".2099")
  store <8 x float> %".2100", <8 x float>* %".53"
  %".2102" = getelementptr float, float* %".2056", i64 %".2071"
  %".2103" = load float, float* %".2102"
  %".2104" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2103", i64 0
  %".2105" = shufflevector <8 x float> %".2104", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2106" = load <8 x float>, <8 x float>* %".54"
  %".2107" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2105", <8 x float> %".2067", <8 x float> %".2106")
  store <8 x float> %".2107", <8 x float>* %".54"
  %".2109" = load <8 x float>, <8 x float>* %".55"
  %".2110" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2105", <8 x float> %".2070", <8 x float> %".2109")
  store <8 x float> %".2110", <8 x float>* %".55"
  %".2112" = add nsw i64 %".2060", 1
  store i64 %".2112", i64* %".2057"
  br label %"head.30"
done.31:
  %".2115" = add i64 %".1930", 0
  %".2116" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2115", i64 0
  %".2117" = shufflevector <8 x i64> %".2116", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2118" = add <8 x i64> %".2117", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2119" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2120" = shufflevector <8 x i64> %".2119", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2121" = icmp slt <8 x i64> %".2118", %".2120"
  %".2122" = add i64 %".1930", 8
  %".2123" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2122", i64 0
  %".2124" = shufflevector <8 x i64> %".2123", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2125" = add <8 x i64> %".2124", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2126" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2127" = shufflevector <8 x i64> %".2126", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2128" = icmp slt <8 x i64> %".2125", %".2127"
  %".2129" = add i64 %".1942", 0
  %".2130" = icmp slt i64 %".2129", %".459"
  br i1 %".2130", label %"done.31.if", label %"done.31.endif"
done.31.if:
  %".2132" = mul i64 %".2129", %".7"
  %".2133" = add i64 %".2132", %".1930"
  %".2134" = getelementptr float, float* %".1907", i64 %".2133"
  %".2135" = getelementptr float, float* %".2134", i64 0
  %".2136" = bitcast float* %".2135" to <8 x float>*
  %".2137" = load <8 x float>, <8 x float>* %".48"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2137", <8 x float>* %".2136", i32 4, <8 x i1> %".2121")
  %".2139" = getelementptr float, float* %".2134", i64 8
  %".2140" = bitcast float* %".2139" to <8 x float>*
  %".2141" = load <8 x float>, <8 x float>* %".49"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2141", <8 x float>* %".2140", i32 4, <8 x i1> %".2128")
  br label %"done.31.endif"
done.31.endif:
  %".2144" = add i64 %".1942", 1
  %".2145" = icmp slt i64 %".2144", %".459"
  br i1 %".2145", label %"done.31.endif.if", label %"done.31.endif.endif"
done.31.endif.if:
  %".2147" = mul i64 %".2144", %".7"
  %".2148" = add i64 %".2147", %".1930"
  %".2149" = getelementptr float, float* %".1907", i64 %".2148"
  %".2150" = getelementptr float, float* %".2149", i64 0
  %".2151" = bitcast float* %".2150" to <8 x float>*
  %".2152" = load <8 x float>, <8 x float>* %".50"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2152", <8 x float>* %".2151", i32 4, <8 x i1> %".2121")
  %".2154" = getelementptr float, float* %".2149", i64 8
  %".2155" = bitcast float* %".2154" to <8 x float>*
  %".2156" = load <8 x float>, <8 x float>* %".51"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2156", <8 x float>* %".2155", i32 4, <8 x i1> %".2128")
  br label %"done.31.endif.endif"
done.31.endif.endif:
  %".2159" = add i64 %".1942", 2
  %".2160" = icmp slt i64 %".2159", %".459"
  br i1 %".2160", label %"done.31.endif.endif.if", label %"done.31.endif.endif.endif"
done.31.endif.endif.if:
  %".2162" = mul i64 %".2159", %".7"
  %".2163" = add i64 %".2162", %".1930"
  %".2164" = getelementptr float, float* %".1907", i64 %".2163"
  %".2165" = getelementptr float, float* %".2164", i64 0
  %".2166" = bitcast float* %".2165" to <8 x float>*
  %".2167" = load <8 x float>, <8 x float>* %".52"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2167", <8 x float>* %".2166", i32 4, <8 x i1> %".2121")
  %".2169" = getelementptr float, float* %".2164", i64 8
  %".2170" = bitcast float* %".2169" to <8 x float>*
  %".2171" = load <8 x float>, <8 x float>* %".53"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2171", <8 x float>* %".2170", i32 4, <8 x i1> %".2128")
  br label %"done.31.endif.endif.endif"
done.31.endif.endif.endif:
  %".2174" = add i64 %".1942", 3
  %".2175" = icmp slt i64 %".2174", %".459"
  br i1 %".2175", label %"done.31.endif.endif.endif.if", label %"done.31.endif.endif.endif.endif"
done.31.endif.endif.endif.if:
  %".2177" = mul i64 %".2174", %".7"
  %".2178" = add i64 %".2177", %".1930"
  %".2179" = getelementptr float, float* %".1907", i64 %".2178"
  %".2180" = getelementptr float, float* %".2179", i64 0
  %".2181" = bitcast float* %".2180" to <8 x float>*
  %".2182" = load <8 x float>, <8 x float>* %".54"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2182", <8 x float>* %".2181", i32 4, <8 x i1> %".2121")
  %".2184" = getelementptr float, float* %".2179", i64 8
  %".2185" = bitcast float* %".2184" to <8 x float>*
  %".2186" = load <8 x float>, <8 x float>* %".55"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2186", <8 x float>* %".2185", i32 4, <8 x i1> %".2128")
  br label %"done.31.endif.endif.endif.endif"
done.31.endif.endif.endif.endif:
  %".2189" = add nsw i64 %".1939", 1
  store i64 %".2189", i64* %".1936"
  br label %"head.29"
head.31:
  %".2207" = load i64, i64* %".2204"
  %".2208" = icmp slt i64 %".2207", %".2203"
  br i1 %".2208", label %"body.31", label %"done.32"
body.31:
  %".2210" = mul i64 %".2207", 16
  %".2211" = getelementptr float, float* %".2199", i64 %".2210"
  store i64 0, i64* %".2212"
  br label %"head.32"
done.32:
  %".2472" = add nsw i64 %".453", 1
  store i64 %".2472", i64* %".450"
  br label %"head.7"
head.32:
  %".2215" = load i64, i64* %".2212"
  %".2216" = icmp slt i64 %".2215", %".2202"
  br i1 %".2216", label %"body.32", label %"done.33"
body.32:
  %".2218" = mul i64 %".2215", 4
  %".2219" = add i64 %".488", %".2218"
  %".2220" = icmp sgt i64 1, 0
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".48"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".49"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".50"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".51"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".52"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".53"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".54"
  store <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>, <8 x float>* %".55"
  br i1 %".2220", label %"body.32.if", label %"body.32.endif"
done.33:
  %".2469" = add nsw i64 %".2207", 1
  store i64 %".2469", i64* %".2204"
  br label %"head.31"
body.32.if:
  %".2230" = add i64 %".2210", 0
  %".2231" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2230", i64 0
  %".2232" = shufflevector <8 x i64> %".2231", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2233" = add <8 x i64> %".2232", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2234" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2235" = shufflevector <8 x i64> %".2234", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2236" = icmp slt <8 x i64> %".2233", %".2235"
  %".2237" = add i64 %".2210", 8
  %".2238" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2237", i64 0
  %".2239" = shufflevector <8 x i64> %".2238", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2240" = add <8 x i64> %".2239", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2241" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2242" = shufflevector <8 x i64> %".2241", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2243" = icmp slt <8 x i64> %".2240", %".2242"
  %".2244" = add i64 %".2219", 0
  %".2245" = icmp slt i64 %".2244", %".489"
  br i1 %".2245", label %"body.32.if.if", label %"body.32.if.endif"
body.32.endif:
  %".2305" = sub i64 %".489", 1
  %".2306" = add i64 %".2219", 0
  %".2307" = icmp slt i64 %".2306", %".489"
  %".2308" = select  i1 %".2307", i64 %".2306", i64 %".2305"
  %".2309" = mul i64 %".2308", 1
  %".2310" = mul i64 0, %".74"
  %".2311" = add i64 %".2309", %".2310"
  %".2312" = getelementptr float, float* %".99", i64 %".2311"
  %".2313" = add i64 %".2219", 1
  %".2314" = icmp slt i64 %".2313", %".489"
  %".2315" = select  i1 %".2314", i64 %".2313", i64 %".2305"
  %".2316" = mul i64 %".2315", 1
  %".2317" = mul i64 0, %".74"
  %".2318" = add i64 %".2316", %".2317"
  %".2319" = getelementptr float, float* %".99", i64 %".2318"
  %".2320" = add i64 %".2219", 2
  %".2321" = icmp slt i64 %".2320", %".489"
  %".2322" = select  i1 %".2321", i64 %".2320", i64 %".2305"
  %".2323" = mul i64 %".2322", 1
  %".2324" = mul i64 0, %".74"
  %".2325" = add i64 %".2323", %".2324"
  %".2326" = getelementptr float, float* %".99", i64 %".2325"
  %".2327" = add i64 %".2219", 3
  %".2328" = icmp slt i64 %".2327", %".489"
  %".2329" = select  i1 %".2328", i64 %".2327", i64 %".2305"
  %".2330" = mul i64 %".2329", 1
  %".2331" = mul i64 0, %".74"
  %".2332" = add i64 %".2330", %".2331"
  %".2333" = getelementptr float, float* %".99", i64 %".2332"
  store i64 0, i64* %".2334"
  br label %"head.33"
body.32.if.if:
  %".2247" = mul i64 %".2244", %".7"
  %".2248" = add i64 %".2247", %".2210"
  %".2249" = getelementptr float, float* %".108", i64 %".2248"
  %".2250" = getelementptr float, float* %".2249", i64 0
  %".2251" = bitcast float* %".2250" to <8 x float>*
  %".2252" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2251", i32 4, <8 x i1> %".2236", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2252", <8 x float>* %".48"
  %".2254" = getelementptr float, float* %".2249", i64 8
  %".2255" = bitcast float* %".2254" to <8 x float>*
  %".2256" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2255", i32 4, <8 x i1> %".2243", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2256", <8 x float>* %".49"
  br label %"body.32.if.endif"
body.32.if.endif:
  %".2259" = add i64 %".2219", 1
  %".2260" = icmp slt i64 %".2259", %".489"
  br i1 %".2260", label %"body.32.if.endif.if", label %"body.32.if.endif.endif"
body.32.if.endif.if:
  %".2262" = mul i64 %".2259", %".7"
  %".2263" = add i64 %".2262", %".2210"
  %".2264" = getelementptr float, float* %".108", i64 %".2263"
  %".2265" = getelementptr float, float* %".2264", i64 0
  %".2266" = bitcast float* %".2265" to <8 x float>*
  %".2267" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2266", i32 4, <8 x i1> %".2236", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2267", <8 x float>* %".50"
  %".2269" = getelementptr float, float* %".2264", i64 8
  %".2270" = bitcast float* %".2269" to <8 x float>*
  %".2271" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2270", i32 4, <8 x i1> %".2243", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2271", <8 x float>* %".51"
  br label %"body.32.if.endif.endif"
body.32.if.endif.endif:
  %".2274" = add i64 %".2219", 2
  %".2275" = icmp slt i64 %".2274", %".489"
  br i1 %".2275", label %"body.32.if.endif.endif.if", label %"body.32.if.endif.endif.endif"
body.32.if.endif.endif.if:
  %".2277" = mul i64 %".2274", %".7"
  %".2278" = add i64 %".2277", %".2210"
  %".2279" = getelementptr float, float* %".108", i64 %".2278"
  %".2280" = getelementptr float, float* %".2279", i64 0
  %".2281" = bitcast float* %".2280" to <8 x float>*
  %".2282" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2281", i32 4, <8 x i1> %".2236", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2282", <8 x float>* %".52"
  %".2284" = getelementptr float, float* %".2279", i64 8
  %".2285" = bitcast float* %".2284" to <8 x float>*
  %".2286" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2285", i32 4, <8 x i1> %".2243", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2286", <8 x float>* %".53"
  br label %"body.32.if.endif.endif.endif"
body.32.if.endif.endif.endif:
  %".2289" = add i64 %".2219", 3
  %".2290" = icmp slt i64 %".2289", %".489"
  br i1 %".2290", label %"body.32.if.endif.endif.endif.if", label %"body.32.if.endif.endif.endif.endif"
body.32.if.endif.endif.endif.if:
  %".2292" = mul i64 %".2289", %".7"
  %".2293" = add i64 %".2292", %".2210"
  %".2294" = getelementptr float, float* %".108", i64 %".2293"
  %".2295" = getelementptr float, float* %".2294", i64 0
  %".2296" = bitcast float* %".2295" to <8 x float>*
  %".2297" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2296", i32 4, <8 x i1> %".2236", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2297", <8 x float>* %".54"
  %".2299" = getelementptr float, float* %".2294", i64 8
  %".2300" = bitcast float* %".2299" to <8 x float>*
  %".2301" = call <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".2300", i32 4, <8 x i1> %".2243", <8 x float> <float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0, float              0x0>)
  store <8 x float> %".2301", <8 x float>* %".55"
  br label %"body.32.if.endif.endif.endif.endif"
body.32.if.endif.endif.endif.endif:
  br label %"body.32.endif"
head.33:
  %".2337" = load i64, i64* %".2334"
  %".2338" = icmp slt i64 %".2337", %".459"
  br i1 %".2338", label %"body.33", label %"done.34"
body.33:
  %".2340" = mul i64 %".2337", %".7"
  %".2341" = getelementptr float, float* %".2211", i64 %".2340"
  %".2342" = getelementptr float, float* %".2341", i64 0
  %".2343" = bitcast float* %".2342" to <8 x float>*
  %".2344" = load <8 x float>, <8 x float>* %".2343", align 4
  %".2345" = getelementptr float, float* %".2341", i64 8
  %".2346" = bitcast float* %".2345" to <8 x float>*
  %".2347" = load <8 x float>, <8 x float>* %".2346", align 4
  %".2348" = mul i64 %".2337", %".74"
  %".2349" = getelementptr float, float* %".2312", i64 %".2348"
  %".2350" = load float, float* %".2349"
  %".2351" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2350", i64 0
  %".2352" = shufflevector <8 x float> %".2351", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2353" = load <8 x float>, <8 x float>* %".48"
  %".2354" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2352", <8 x float> %".2344", <8 x float> %".2353")
  store <8 x float> %".2354", <8 x float>* %".48"
  %".2356" = load <8 x float>, <8 x float>* %".49"
  %".2357" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2352", <8 x float> %".2347", <8 x float> %".2356")
  store <8 x float> %".2357", <8 x float>* %".49"
  %".2359" = getelementptr float, float* %".2319", i64 %".2348"
  %".2360" = load float, float* %".2359"
  %".2361" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2360", i64 0
  %".2362" = shufflevector <8 x float> %".2361", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2363" = load <8 x float>, <8 x float>* %".50"
  %".2364" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2362", <8 x float> %".2344", <8 x float> %".2363")
  store <8 x float> %".2364", <8 x float>* %".50"
  %".2366" = load <8 x float>, <8 x float>* %".51"
  %".2367" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2362", <8 x float> %".2347", <8 x float> %".2366")
  store <8 x float> %".2367", <8 x float>* %".51"
  %".2369" = getelementptr float, float* %".2326", i64 %".2348"
  %".2370" = load float, float* %".2369"
  %".2371" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2370", i64 0
  %".2372" = shufflevector <8 x float> %".2371", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2373" = load <8 x float>, <8 x float>* %".52"
  %".2374" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2372", <8 x float> %".2344", <8 x float> %".2373")
  store <8 x float> %".2374", <8 x float>* %".52"
  %".2376" = load <8 x float>, <8 x float>* %".53"
  %".2377" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2372", <8 x float> %".2347", <8 x float> %".2376")
  store <8 x float> %".2377", <8 x float>* %".53"
  %".2379" = getelementptr float, float* %".2333", i64 %".2348"
  %".2380" = load float, float* %".2379"
  %".2381" = insertelement <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %".2380", i64 0
  %".2382" = shufflevector <8 x float> %".2381", <8 x float> <float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2383" = load <8 x float>, <8 x float>* %".54"
  %".2384" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2382", <8 x float> %".2344", <8 x float> %".2383")
  store <8 x float> %".2384", <8 x float>* %".54"
  %".2386" = load <8 x float>, <8 x float>* %".55"
  %".2387" = call <8 x float> @"llvm.fma.v8f32"(<8 x float> %".2382", <8 x float> %".2347", <8 x float> %".2386")
  store <8 x float> %".2387", <8 x float>* %".55"
  %".2389" = add nsw i64 %".2337", 1
  store i64 %".2389", i64* %".2334"
  br label %"head.33"
done.34:
  %".2392" = add i64 %".2210", 0
  %".2393" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2392", i64 0
  %".2394" = shufflevector <8 x i64> %".2393", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2395" = add <8 x i64> %".2394", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2396" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2397" = shufflevector <8 x i64> %".2396", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2398" = icmp slt <8 x i64> %".2395", %".2397"
  %".2399" = add i64 %".2210", 8
  %".2400" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".2399", i64 0
  %".2401" = shufflevector <8 x i64> %".2400", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2402" = add <8 x i64> %".2401", <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  %".2403" = insertelement <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, i64 %".7", i64 0
  %".2404" = shufflevector <8 x i64> %".2403", <8 x i64> <i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef, i64 undef>, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %".2405" = icmp slt <8 x i64> %".2402", %".2404"
  %".2406" = add i64 %".2219", 0
  %".2407" = icmp slt i64 %".2406", %".489"
  br i1 %".2407", label %"done.34.if", label %"done.34.endif"
done.34.if:
  %".2409" = mul i64 %".2406", %".7"
  %".2410" = add i64 %".2409", %".2210"
  %".2411" = getelementptr float, float* %".108", i64 %".2410"
  %".2412" = getelementptr float, float* %".2411", i64 0
  %".2413" = bitcast float* %".2412" to <8 x float>*
  %".2414" = load <8 x float>, <8 x float>* %".48"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2414", <8 x float>* %".2413", i32 4, <8 x i1> %".2398")
  %".2416" = getelementptr float, float* %".2411", i64 8
  %".2417" = bitcast float* %".2416" to <8 x float>*
  %".2418" = load <8 x float>, <8 x float>* %".49"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2418", <8 x float>* %".2417", i32 4, <8 x i1> %".2405")
  br label %"done.34.endif"
done.34.endif:
  %".2421" = add i64 %".2219", 1
  %".2422" = icmp slt i64 %".2421", %".489"
  br i1 %".2422", label %"done.34.endif.if", label %"done.34.endif.endif"
done.34.endif.if:
  %".2424" = mul i64 %".2421", %".7"
  %".2425" = add i64 %".2424", %".2210"
  %".2426" = getelementptr float, float* %".108", i64 %".2425"
  %".2427" = getelementptr float, float* %".2426", i64 0
  %".2428" = bitcast float* %".2427" to <8 x float>*
  %".2429" = load <8 x float>, <8 x float>* %".50"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2429", <8 x float>* %".2428", i32 4, <8 x i1> %".2398")
  %".2431" = getelementptr float, float* %".2426", i64 8
  %".2432" = bitcast float* %".2431" to <8 x float>*
  %".2433" = load <8 x float>, <8 x float>* %".51"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2433", <8 x float>* %".2432", i32 4, <8 x i1> %".2405")
  br label %"done.34.endif.endif"
done.34.endif.endif:
  %".2436" = add i64 %".2219", 2
  %".2437" = icmp slt i64 %".2436", %".489"
  br i1 %".2437", label %"done.34.endif.endif.if", label %"done.34.endif.endif.endif"
done.34.endif.endif.if:
  %".2439" = mul i64 %".2436", %".7"
  %".2440" = add i64 %".2439", %".2210"
  %".2441" = getelementptr float, float* %".108", i64 %".2440"
  %".2442" = getelementptr float, float* %".2441", i64 0
  %".2443" = bitcast float* %".2442" to <8 x float>*
  %".2444" = load <8 x float>, <8 x float>* %".52"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2444", <8 x float>* %".2443", i32 4, <8 x i1> %".2398")
  %".2446" = getelementptr float, float* %".2441", i64 8
  %".2447" = bitcast float* %".2446" to <8 x float>*
  %".2448" = load <8 x float>, <8 x float>* %".53"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2448", <8 x float>* %".2447", i32 4, <8 x i1> %".2405")
  br label %"done.34.endif.endif.endif"
done.34.endif.endif.endif:
  %".2451" = add i64 %".2219", 3
  %".2452" = icmp slt i64 %".2451", %".489"
  br i1 %".2452", label %"done.34.endif.endif.endif.if", label %"done.34.endif.endif.endif.endif"
done.34.endif.endif.endif.if:
  %".2454" = mul i64 %".2451", %".7"
  %".2455" = add i64 %".2454", %".2210"
  %".2456" = getelementptr float, float* %".108", i64 %".2455"
  %".2457" = getelementptr float, float* %".2456", i64 0
  %".2458" = bitcast float* %".2457" to <8 x float>*
  %".2459" = load <8 x float>, <8 x float>* %".54"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2459", <8 x float>* %".2458", i32 4, <8 x i1> %".2398")
  %".2461" = getelementptr float, float* %".2456", i64 8
  %".2462" = bitcast float* %".2461" to <8 x float>*
  %".2463" = load <8 x float>, <8 x float>* %".55"
  call void @"llvm.masked.store.v8f32.p0"(<8 x float> %".2463", <8 x float>* %".2462", i32 4, <8 x i1> %".2405")
  br label %"done.34.endif.endif.endif.endif"
done.34.endif.endif.endif.endif:
  %".2466" = add nsw i64 %".2215", 1
  store i64 %".2466", i64* %".2212"
  br label %"head.32"
}

declare <8 x float> @"llvm.fma.v8f32"(<8 x float> %".1", <8 x float> %".2", <8 x float> %".3")

declare void @"llvm.masked.store.v8f32.p0"(<8 x float> %".1", <8 x float>* %".2", i32 %".3", <8 x i1> %".4")

declare float @"llvm.vector.reduce.fadd.v8f32"(float %".1", <8 x float> %".2")

declare <8 x float> @"llvm.masked.load.v8f32.p0"(<8 x float>* %".1", i32 %".2", <8 x i1> %".3", <8 x float> %".4")

declare void @"llvm.memset.p0.i64"(i8* %".1", i8 %".2", i64 %".3", i1 %".4")

declare void @"llvm.memcpy.p0.p0.i64"(i8* %".1", i8* %".2", i64 %".3", i1 %".4")

declare <8 x float> @"llvm.rint.v8f32"(<8 x float> %".1")

define internal void @"golden_attention_gradient_thunk"(i64* %".1") noinline
{
start:
  %".3" = getelementptr i64, i64* %".1", i64 1
  %".4" = load i64, i64* %".3"
  %".5" = getelementptr i64, i64* %".1", i64 2
  %".6" = load i64, i64* %".5"
  %".7" = getelementptr i64, i64* %".1", i64 3
  %".8" = load i64, i64* %".7"
  %".9" = getelementptr i64, i64* %".1", i64 4
  %".10" = load i64, i64* %".9"
  %".11" = getelementptr i64, i64* %".1", i64 5
  %".12" = load i64, i64* %".11"
  %".13" = getelementptr i64, i64* %".1", i64 6
  %".14" = load i64, i64* %".13"
  %".15" = getelementptr i64, i64* %".1", i64 7
  %".16" = load i64, i64* %".15"
  %".17" = getelementptr i64, i64* %".1", i64 8
  %".18" = load i64, i64* %".17"
  %".19" = getelementptr i64, i64* %".1", i64 9
  %".20" = load i64, i64* %".19"
  %".21" = getelementptr i64, i64* %".1", i64 10
  %".22" = load i64, i64* %".21"
  %".23" = getelementptr i64, i64* %".1", i64 11
  %".24" = load i64, i64* %".23"
  %".25" = getelementptr i64, i64* %".1", i64 12
  %".26" = load i64, i64* %".25"
  %".27" = getelementptr i64, i64* %".1", i64 13
  %".28" = load i64, i64* %".27"
  %".29" = getelementptr i64, i64* %".1", i64 14
  %".30" = load i64, i64* %".29"
  %".31" = inttoptr i64 %".30" to float*
  %".32" = getelementptr i64, i64* %".1", i64 15
  %".33" = load i64, i64* %".32"
  %".34" = getelementptr i64, i64* %".1", i64 16
  %".35" = load i64, i64* %".34"
  %".36" = inttoptr i64 %".35" to float*
  %".37" = getelementptr i64, i64* %".1", i64 17
  %".38" = load i64, i64* %".37"
  %".39" = getelementptr i64, i64* %".1", i64 18
  %".40" = load i64, i64* %".39"
  %".41" = inttoptr i64 %".40" to float*
  %".42" = getelementptr i64, i64* %".1", i64 19
  %".43" = load i64, i64* %".42"
  %".44" = getelementptr i64, i64* %".1", i64 20
  %".45" = load i64, i64* %".44"
  %".46" = inttoptr i64 %".45" to float*
  %".47" = getelementptr i64, i64* %".1", i64 21
  %".48" = load i64, i64* %".47"
  %".49" = getelementptr i64, i64* %".1", i64 22
  %".50" = load i64, i64* %".49"
  %".51" = inttoptr i64 %".50" to float*
  %".52" = getelementptr i64, i64* %".1", i64 23
  %".53" = load i64, i64* %".52"
  %".54" = getelementptr i64, i64* %".1", i64 24
  %".55" = load i64, i64* %".54"
  %".56" = inttoptr i64 %".55" to i64*
  %".57" = getelementptr i64, i64* %".1", i64 25
  %".58" = load i64, i64* %".57"
  %".59" = getelementptr i64, i64* %".1", i64 26
  %".60" = load i64, i64* %".59"
  %".61" = inttoptr i64 %".60" to i64*
  %".62" = getelementptr i64, i64* %".1", i64 27
  %".63" = load i64, i64* %".62"
  %".64" = getelementptr i64, i64* %".1", i64 28
  %".65" = load i64, i64* %".64"
  %".66" = inttoptr i64 %".65" to float*
  %".67" = getelementptr i64, i64* %".1", i64 29
  %".68" = load i64, i64* %".67"
  %".69" = getelementptr i64, i64* %".1", i64 30
  %".70" = load i64, i64* %".69"
  %".71" = inttoptr i64 %".70" to float*
  %".72" = getelementptr i64, i64* %".1", i64 31
  %".73" = load i64, i64* %".72"
  call void @"golden_attention_gradient_body"(i64 %".4", i64 %".6", i64 %".8", i64 %".10", i64 %".12", i64 %".14", i64 %".16", i64 %".18", i64 %".20", i64 %".22", i64 %".24", i64 %".26", i64 %".28", float* %".31", i64 %".33", float* %".36", i64 %".38", float* %".41", i64 %".43", float* %".46", i64 %".48", float* %".51", i64 %".53", i64* %".56", i64 %".58", i64* %".61", i64 %".63", float* %".66", i64 %".68", float* %".71", i64 %".73")
  ret void
}

@"golden_attention_gradient_arguments" = internal constant [22 x [5 x i32]] [[5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 0, i32 0, i32 0, i32 0, i32 0], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 257], [5 x i32] [i32 1, i32 1, i32 9, i32 7, i32 257], [5 x i32] [i32 1, i32 1, i32 9, i32 7, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281], [5 x i32] [i32 1, i32 1, i32 11, i32 11, i32 1281]]
define i8* @"golden_attention_gradient"(i8* %".1", i8** %".2", i64 %".3")
{
enter:
  %".5" = bitcast [22 x [5 x i32]]* @"golden_attention_gradient_arguments" to i32*
  %".6" = bitcast void (i64*)* @"golden_attention_gradient_thunk" to i8*
  %".7" = call i8* @"tj_enter"(i8** %".2", i64 %".3", i32* %".5", i64 22, i64 32, i8* %".6")
  ret i8* %".7"
}

declare i8* @"tj_enter"(i8** %".1", i64 %".2", i32* %".3", i64 %".4", i64 %".5", i8* %".6")

