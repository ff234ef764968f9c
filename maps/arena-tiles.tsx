<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="arena-tiles" tilewidth="64" tileheight="64" tilecount="10" columns="10">
  <image source="arena-tiles.png" width="640" height="64" />
  <tile id="0" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="floor" />
    </properties>
  </tile>
  <tile id="1" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="wall" />
    </properties>
  </tile>
  <tile id="2" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="pillar" />
    </properties>
  </tile>
  <tile id="3" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="100" />
    </properties>
  </tile>
  <tile id="4" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="water" />
    </properties>
  </tile>
  <tile id="5" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="lava" />
    </properties>
  </tile>
  <tile id="6" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="acid" />
    </properties>
  </tile>
  <tile id="7" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="hole" />
    </properties>
  </tile>
  <tile id="8" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="90" />
    </properties>
  </tile>
  <tile id="9" type="arena-tile">
    <properties>
      <property name="terrain" propertytype="terrain" value="obstacle" />
      <property name="height_cm" type="int" value="120" />
    </properties>
  </tile>
</tileset>
